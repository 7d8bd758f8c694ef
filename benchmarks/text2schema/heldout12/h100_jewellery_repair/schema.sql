CREATE TABLE customer (
    customer_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    phone TEXT,
    email TEXT
);

CREATE TABLE staff_member (
    staff_member_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    job_title TEXT
);

CREATE TABLE repair_envelope (
    envelope_number TEXT PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customer(customer_id),
    received_by_id INTEGER REFERENCES staff_member(staff_member_id),
    received_on DATE NOT NULL,
    promised_on DATE,
    deposit DECIMAL(10,2),
    collected_on DATE
);

CREATE TABLE item (
    item_id INTEGER PRIMARY KEY,
    envelope_number TEXT NOT NULL REFERENCES repair_envelope(envelope_number),
    description TEXT NOT NULL,
    metal TEXT,
    declared_value DECIMAL(10,2)
);

CREATE TABLE repair_service (
    repair_service_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    standard_price DECIMAL(10,2)
);

CREATE TABLE item_repair (
    item_id INTEGER NOT NULL REFERENCES item(item_id),
    repair_service_id INTEGER NOT NULL REFERENCES repair_service(repair_service_id),
    price_charged DECIMAL(10,2),
    goldsmith_id INTEGER REFERENCES staff_member(staff_member_id),
    completed_on DATE,
    PRIMARY KEY (item_id, repair_service_id)
);
