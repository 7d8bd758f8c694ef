CREATE TABLE member (membership_number TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT, employer TEXT, job_title TEXT, year_joined INTEGER, referred_by TEXT REFERENCES member(membership_number));
CREATE TABLE topic (topic_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, description TEXT);
CREATE TABLE member_topic (membership_number TEXT NOT NULL REFERENCES member(membership_number), topic_id INTEGER NOT NULL REFERENCES topic(topic_id), PRIMARY KEY (membership_number, topic_id));
CREATE TABLE mentorship (mentorship_id INTEGER PRIMARY KEY, mentor_number TEXT NOT NULL REFERENCES member(membership_number), mentee_number TEXT NOT NULL REFERENCES member(membership_number), start_date DATE NOT NULL, end_date DATE, goals TEXT);
CREATE TABLE meeting (meeting_id INTEGER PRIMARY KEY, mentorship_id INTEGER NOT NULL REFERENCES mentorship(mentorship_id), meeting_date DATE NOT NULL, format TEXT, duration_minutes INTEGER, notes TEXT);
CREATE TABLE workshop (workshop_id INTEGER PRIMARY KEY, facilitator_number TEXT NOT NULL REFERENCES member(membership_number), title TEXT NOT NULL, workshop_date DATE, capacity INTEGER);
CREATE TABLE workshop_registration (workshop_id INTEGER NOT NULL REFERENCES workshop(workshop_id), membership_number TEXT NOT NULL REFERENCES member(membership_number), registration_date DATE, attended BOOLEAN, PRIMARY KEY (workshop_id, membership_number));
