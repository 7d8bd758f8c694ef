CREATE TABLE instructor (licence_number TEXT PRIMARY KEY, full_name TEXT, mobile_number TEXT, hire_date DATE, mentor_licence_number TEXT REFERENCES instructor(licence_number));
CREATE TABLE learner (learner_number INTEGER PRIMARY KEY, name TEXT, date_of_birth DATE, home_address TEXT, theory_exam_passed BOOLEAN);
CREATE TABLE car (registration_plate TEXT PRIMARY KEY, make TEXT, model TEXT, gearbox_type TEXT);
CREATE TABLE lesson (lesson_id INTEGER PRIMARY KEY, learner_number INTEGER NOT NULL REFERENCES learner(learner_number), licence_number TEXT NOT NULL REFERENCES instructor(licence_number), registration_plate TEXT NOT NULL REFERENCES car(registration_plate), start_time TIMESTAMP, length_minutes INTEGER, price DECIMAL(10,2), remarks TEXT);
CREATE TABLE examination_centre (examination_centre_id INTEGER PRIMARY KEY, name TEXT, address TEXT);
CREATE TABLE driving_test (driving_test_id INTEGER PRIMARY KEY, learner_number INTEGER NOT NULL REFERENCES learner(learner_number), examination_centre_id INTEGER NOT NULL REFERENCES examination_centre(examination_centre_id), test_date DATE, minor_faults INTEGER, passed BOOLEAN);
