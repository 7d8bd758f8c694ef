CREATE TABLE belt (belt_code TEXT PRIMARY KEY, colour TEXT NOT NULL UNIQUE, rank_order INTEGER NOT NULL UNIQUE);
CREATE TABLE member (licence_number TEXT PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL, date_of_birth DATE, phone TEXT, email TEXT, joined_date DATE, guardian_licence_number TEXT REFERENCES member(licence_number));
CREATE TABLE instructor (licence_number TEXT PRIMARY KEY REFERENCES member(licence_number), coaching_level TEXT NOT NULL, safeguarding_check_expiry DATE);
CREATE TABLE training_class (class_id INTEGER PRIMARY KEY, name TEXT NOT NULL, weekday TEXT NOT NULL, start_time TEXT NOT NULL, hall TEXT, instructor_licence_number TEXT NOT NULL REFERENCES instructor(licence_number));
CREATE TABLE class_enrolment (class_id INTEGER REFERENCES training_class(class_id), licence_number TEXT REFERENCES member(licence_number), start_date DATE NOT NULL, PRIMARY KEY (class_id, licence_number));
CREATE TABLE grading (grading_id INTEGER PRIMARY KEY, grading_date DATE NOT NULL, venue TEXT, examiner_licence_number TEXT NOT NULL REFERENCES instructor(licence_number));
CREATE TABLE grading_result (grading_id INTEGER REFERENCES grading(grading_id), licence_number TEXT REFERENCES member(licence_number), belt_code TEXT NOT NULL REFERENCES belt(belt_code), passed BOOLEAN NOT NULL, score INTEGER, PRIMARY KEY (grading_id, licence_number));
