CREATE TABLE narrator (
    narrator_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    birth_year INTEGER,
    birthplace TEXT
);

CREATE TABLE volunteer (
    volunteer_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    email TEXT
);

CREATE TABLE interview (
    catalogue_number TEXT PRIMARY KEY,
    narrator_id INTEGER NOT NULL REFERENCES narrator(narrator_id),
    interview_date DATE NOT NULL,
    location TEXT,
    length_minutes INTEGER,
    consent_signed BOOLEAN NOT NULL,
    interviewer_id INTEGER NOT NULL REFERENCES volunteer(volunteer_id),
    recordist_id INTEGER NOT NULL REFERENCES volunteer(volunteer_id),
    transcriber_id INTEGER REFERENCES volunteer(volunteer_id)
);

CREATE TABLE interview_segment (
    catalogue_number TEXT NOT NULL REFERENCES interview(catalogue_number),
    segment_number INTEGER NOT NULL,
    start_seconds INTEGER NOT NULL,
    summary TEXT,
    PRIMARY KEY (catalogue_number, segment_number)
);

CREATE TABLE topic (
    topic_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE segment_topic (
    catalogue_number TEXT NOT NULL,
    segment_number INTEGER NOT NULL,
    topic_id INTEGER NOT NULL REFERENCES topic(topic_id),
    PRIMARY KEY (catalogue_number, segment_number, topic_id),
    FOREIGN KEY (catalogue_number, segment_number) REFERENCES interview_segment(catalogue_number, segment_number)
);
