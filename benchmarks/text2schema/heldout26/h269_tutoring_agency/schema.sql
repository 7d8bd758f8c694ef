CREATE TABLE tutor (tutor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT, check_completed_date DATE);
CREATE TABLE subject (subject_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE level (level_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE tutor_offering (tutor_id INTEGER NOT NULL REFERENCES tutor(tutor_id), subject_id INTEGER NOT NULL REFERENCES subject(subject_id), level_id INTEGER NOT NULL REFERENCES level(level_id), hourly_rate DECIMAL(6,2) NOT NULL, PRIMARY KEY (tutor_id, subject_id, level_id));
CREATE TABLE parent (parent_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT, address TEXT);
CREATE TABLE pupil (pupil_id INTEGER PRIMARY KEY, name TEXT NOT NULL, school_year INTEGER, parent_id INTEGER NOT NULL REFERENCES parent(parent_id));
CREATE TABLE lesson (lesson_id INTEGER PRIMARY KEY, pupil_id INTEGER NOT NULL REFERENCES pupil(pupil_id), tutor_id INTEGER NOT NULL REFERENCES tutor(tutor_id), subject_id INTEGER NOT NULL REFERENCES subject(subject_id), level_id INTEGER NOT NULL REFERENCES level(level_id), lesson_date DATE NOT NULL, start_time TIME NOT NULL, duration_minutes INTEGER NOT NULL, online BOOLEAN NOT NULL, progress_note TEXT, invoiced BOOLEAN NOT NULL);
