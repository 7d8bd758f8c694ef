CREATE TABLE camper (camper_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL, date_of_birth DATE NOT NULL, allergies TEXT, medical_notes TEXT);
CREATE TABLE guardian (guardian_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT NOT NULL, email TEXT);
CREATE TABLE camper_guardian (camper_id INTEGER REFERENCES camper(camper_id), guardian_id INTEGER REFERENCES guardian(guardian_id), relationship TEXT, is_emergency_contact BOOLEAN NOT NULL, PRIMARY KEY (camper_id, guardian_id));
CREATE TABLE session (session_id INTEGER PRIMARY KEY, name TEXT NOT NULL, start_date DATE NOT NULL, end_date DATE NOT NULL, fee DECIMAL(8,2));
CREATE TABLE cabin (cabin_id INTEGER PRIMARY KEY, name TEXT NOT NULL, beds INTEGER);
CREATE TABLE enrolment (camper_id INTEGER REFERENCES camper(camper_id), session_id INTEGER REFERENCES session(session_id), cabin_id INTEGER REFERENCES cabin(cabin_id), amount_paid DECIMAL(8,2), PRIMARY KEY (camper_id, session_id));
CREATE TABLE counsellor (counsellor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, date_of_birth DATE, senior_counsellor_id INTEGER REFERENCES counsellor(counsellor_id));
CREATE TABLE activity (activity_id INTEGER PRIMARY KEY, name TEXT NOT NULL, location TEXT, counsellor_id INTEGER NOT NULL REFERENCES counsellor(counsellor_id));
CREATE TABLE activity_signup (camper_id INTEGER REFERENCES camper(camper_id), activity_id INTEGER REFERENCES activity(activity_id), PRIMARY KEY (camper_id, activity_id));
