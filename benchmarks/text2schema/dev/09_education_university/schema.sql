CREATE TABLE department (department_code TEXT PRIMARY KEY, name TEXT NOT NULL, building TEXT);
CREATE TABLE instructor (instructor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, title TEXT, salary DECIMAL(10,2), department_code TEXT NOT NULL REFERENCES department(department_code));
CREATE TABLE course (course_number TEXT PRIMARY KEY, title TEXT NOT NULL, credits INTEGER, department_code TEXT NOT NULL REFERENCES department(department_code), instructor_id INTEGER REFERENCES instructor(instructor_id));
CREATE TABLE student (student_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, enrolment_year INTEGER);
CREATE TABLE enrolment (student_id INTEGER REFERENCES student(student_id), course_number TEXT REFERENCES course(course_number), semester TEXT, grade TEXT, PRIMARY KEY (student_id, course_number, semester));
