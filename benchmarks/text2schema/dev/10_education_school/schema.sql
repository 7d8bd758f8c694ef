CREATE TABLE teacher (teacher_id INTEGER PRIMARY KEY, name TEXT NOT NULL, subject TEXT);
CREATE TABLE class (class_id INTEGER PRIMARY KEY, name TEXT NOT NULL, school_year TEXT, classroom TEXT, class_teacher_id INTEGER REFERENCES teacher(teacher_id));
CREATE TABLE pupil (pupil_id INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, parent_phone TEXT, class_id INTEGER NOT NULL REFERENCES class(class_id));
CREATE TABLE exam (exam_id INTEGER PRIMARY KEY, subject TEXT, exam_date DATE, max_score INTEGER, class_id INTEGER NOT NULL REFERENCES class(class_id));
CREATE TABLE exam_score (exam_id INTEGER REFERENCES exam(exam_id), pupil_id INTEGER REFERENCES pupil(pupil_id), score REAL, PRIMARY KEY (exam_id, pupil_id));
