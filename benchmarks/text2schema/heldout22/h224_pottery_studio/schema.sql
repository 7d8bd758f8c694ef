CREATE TABLE tutor (tutor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, hourly_rate DECIMAL(6,2));
CREATE TABLE student (student_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT, is_member BOOLEAN NOT NULL, locker_number INTEGER UNIQUE);
CREATE TABLE course (course_id INTEGER PRIMARY KEY, title TEXT NOT NULL, level TEXT NOT NULL, weekday TEXT NOT NULL, start_time TIME NOT NULL, number_of_weeks INTEGER NOT NULL, price DECIMAL(7,2) NOT NULL, max_students INTEGER, tutor_id INTEGER NOT NULL REFERENCES tutor(tutor_id));
CREATE TABLE enrolment (student_id INTEGER NOT NULL REFERENCES student(student_id), course_id INTEGER NOT NULL REFERENCES course(course_id), enrolment_date DATE NOT NULL, amount_paid DECIMAL(7,2), PRIMARY KEY (student_id, course_id));
CREATE TABLE clay (clay_id INTEGER PRIMARY KEY, name TEXT NOT NULL, supplier TEXT, firing_temperature INTEGER);
CREATE TABLE kiln (kiln_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, max_temperature INTEGER);
CREATE TABLE piece (piece_id INTEGER PRIMARY KEY, student_id INTEGER NOT NULL REFERENCES student(student_id), description TEXT, clay_id INTEGER REFERENCES clay(clay_id));
CREATE TABLE firing (firing_id INTEGER PRIMARY KEY, kiln_id INTEGER NOT NULL REFERENCES kiln(kiln_id), firing_date DATE NOT NULL, firing_type TEXT NOT NULL, peak_temperature INTEGER, loaded_by_tutor_id INTEGER NOT NULL REFERENCES tutor(tutor_id));
CREATE TABLE piece_firing (piece_id INTEGER NOT NULL REFERENCES piece(piece_id), firing_id INTEGER NOT NULL REFERENCES firing(firing_id), glaze TEXT, cracked BOOLEAN NOT NULL, PRIMARY KEY (piece_id, firing_id));
