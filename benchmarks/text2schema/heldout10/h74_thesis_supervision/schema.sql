CREATE TABLE department (department_id INTEGER PRIMARY KEY, name TEXT, faculty TEXT);
CREATE TABLE professor (professor_id INTEGER PRIMARY KEY, name TEXT, title TEXT, email TEXT, office TEXT, department_id INTEGER REFERENCES department(department_id));
CREATE TABLE student (student_id INTEGER PRIMARY KEY, student_number TEXT, name TEXT, email TEXT, program TEXT, department_id INTEGER REFERENCES department(department_id));
CREATE TABLE thesis (thesis_id INTEGER PRIMARY KEY, student_id INTEGER REFERENCES student(student_id), title TEXT, degree_level TEXT, start_date DATE, planned_submission_date DATE, defense_date DATE, grade TEXT, examiner_id INTEGER REFERENCES professor(professor_id));
CREATE TABLE supervision (thesis_id INTEGER REFERENCES thesis(thesis_id), professor_id INTEGER REFERENCES professor(professor_id), role TEXT, load_percentage REAL, start_date DATE, PRIMARY KEY (thesis_id, professor_id));
