CREATE TABLE beach (id INTEGER PRIMARY KEY, name TEXT NOT NULL, municipality TEXT, length_km REAL);
CREATE TABLE tower (id INTEGER PRIMARY KEY, beach_id INTEGER NOT NULL REFERENCES beach(id), label TEXT NOT NULL, UNIQUE (beach_id, label));
CREATE TABLE lifeguard (badge_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, certification_level TEXT, certificate_expiry DATE, head_lifeguard_badge TEXT REFERENCES lifeguard(badge_number));
CREATE TABLE shift (id INTEGER PRIMARY KEY, tower_id INTEGER NOT NULL REFERENCES tower(id), badge_number TEXT NOT NULL REFERENCES lifeguard(badge_number), shift_date DATE NOT NULL, start_time TEXT, end_time TEXT);
CREATE TABLE incident (id INTEGER PRIMARY KEY, beach_id INTEGER NOT NULL REFERENCES beach(id), incident_time TIMESTAMP NOT NULL, incident_type TEXT, description TEXT, people_helped INTEGER, first_responder_badge TEXT REFERENCES lifeguard(badge_number), report_author_badge TEXT REFERENCES lifeguard(badge_number));
CREATE TABLE training_session (id INTEGER PRIMARY KEY, session_date DATE NOT NULL, topic TEXT, instructor_name TEXT);
CREATE TABLE training_attendance (training_session_id INTEGER NOT NULL REFERENCES training_session(id), badge_number TEXT NOT NULL REFERENCES lifeguard(badge_number), passed BOOLEAN, PRIMARY KEY (training_session_id, badge_number));
