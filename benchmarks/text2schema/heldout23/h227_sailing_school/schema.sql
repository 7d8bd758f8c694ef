CREATE TABLE dinghy (sail_number TEXT PRIMARY KEY, boat_class TEXT, crew_capacity INTEGER, purchase_year INTEGER);
CREATE TABLE instructor (instructor_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, qualification_level TEXT);
CREATE TABLE student (student_number INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, phone TEXT, emergency_contact TEXT);
CREATE TABLE course (course_code TEXT PRIMARY KEY, title TEXT NOT NULL, level TEXT, duration_days INTEGER, fee DECIMAL(7,2));
CREATE TABLE course_run (course_run_id INTEGER PRIMARY KEY, course_code TEXT NOT NULL REFERENCES course(course_code), start_date DATE NOT NULL, lead_instructor_number TEXT NOT NULL REFERENCES instructor(instructor_number));
CREATE TABLE enrolment (course_run_id INTEGER NOT NULL REFERENCES course_run(course_run_id), student_number INTEGER NOT NULL REFERENCES student(student_number), payment_date DATE, assessor_instructor_number TEXT REFERENCES instructor(instructor_number), passed BOOLEAN, assessment_comments TEXT, PRIMARY KEY (course_run_id, student_number));
CREATE TABLE boat_allocation (course_run_id INTEGER NOT NULL REFERENCES course_run(course_run_id), student_number INTEGER NOT NULL REFERENCES student(student_number), sail_date DATE NOT NULL, sail_number TEXT NOT NULL REFERENCES dinghy(sail_number), PRIMARY KEY (course_run_id, student_number, sail_date));
