CREATE TABLE teacher (teacher_id INTEGER PRIMARY KEY, name TEXT, native_language TEXT, hourly_rate DECIMAL(10,2));
CREATE TABLE course (course_code TEXT PRIMARY KEY, language TEXT, level TEXT, weekly_hours INTEGER, fee DECIMAL(10,2), teacher_id INTEGER REFERENCES teacher(teacher_id), prerequisite_course_code TEXT REFERENCES course(course_code));
CREATE TABLE student (student_id INTEGER PRIMARY KEY, name TEXT, email TEXT, birth_date DATE);
CREATE TABLE enrolment (student_id INTEGER REFERENCES student(student_id), course_code TEXT REFERENCES course(course_code), enrolment_date DATE, final_grade TEXT, PRIMARY KEY (student_id, course_code));
CREATE TABLE placement_test (placement_test_id INTEGER PRIMARY KEY, test_date DATE, language TEXT, score INTEGER, student_id INTEGER NOT NULL REFERENCES student(student_id));
