CREATE TABLE agent (
    agent_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    extension TEXT,
    start_date DATE,
    supervisor_id INTEGER REFERENCES agent(agent_id)
);

CREATE TABLE skill (
    skill_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE agent_skill (
    agent_id INTEGER NOT NULL REFERENCES agent(agent_id),
    skill_id INTEGER NOT NULL REFERENCES skill(skill_id),
    proficiency INTEGER NOT NULL CHECK (proficiency BETWEEN 1 AND 5),
    PRIMARY KEY (agent_id, skill_id)
);

CREATE TABLE customer (
    account_number TEXT PRIMARY KEY,
    full_name TEXT NOT NULL,
    phone TEXT,
    email TEXT
);

CREATE TABLE support_case (
    support_case_id INTEGER PRIMARY KEY,
    account_number TEXT NOT NULL REFERENCES customer(account_number),
    subject TEXT NOT NULL,
    status TEXT NOT NULL,
    opened_at TIMESTAMP NOT NULL,
    closed_at TIMESTAMP
);

CREATE TABLE call_reason (
    call_reason_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE phone_call (
    phone_call_id INTEGER PRIMARY KEY,
    account_number TEXT REFERENCES customer(account_number),
    answered_by_id INTEGER NOT NULL REFERENCES agent(agent_id),
    transferred_to_id INTEGER REFERENCES agent(agent_id),
    support_case_id INTEGER REFERENCES support_case(support_case_id),
    call_reason_id INTEGER REFERENCES call_reason(call_reason_id),
    started_at TIMESTAMP NOT NULL,
    duration_seconds INTEGER,
    direction TEXT NOT NULL,
    satisfaction_score INTEGER CHECK (satisfaction_score BETWEEN 1 AND 5)
);
