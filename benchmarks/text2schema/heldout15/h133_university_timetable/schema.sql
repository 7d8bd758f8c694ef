CREATE TABLE building (building_code TEXT PRIMARY KEY, name TEXT NOT NULL, campus TEXT);
CREATE TABLE room (building_code TEXT REFERENCES building(building_code), room_number TEXT, capacity INTEGER NOT NULL, has_projector BOOLEAN NOT NULL, PRIMARY KEY (building_code, room_number));
CREATE TABLE department (department_id INTEGER PRIMARY KEY, name TEXT NOT NULL, faculty TEXT);
CREATE TABLE course (course_code TEXT PRIMARY KEY, title TEXT NOT NULL, credits INTEGER NOT NULL, department_id INTEGER NOT NULL REFERENCES department(department_id));
CREATE TABLE course_prerequisite (course_code TEXT REFERENCES course(course_code), prerequisite_code TEXT REFERENCES course(course_code), PRIMARY KEY (course_code, prerequisite_code));
CREATE TABLE lecturer (staff_id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT, department_id INTEGER NOT NULL REFERENCES department(department_id));
CREATE TABLE lecture (lecture_id INTEGER PRIMARY KEY, course_code TEXT NOT NULL REFERENCES course(course_code), building_code TEXT NOT NULL, room_number TEXT NOT NULL, term TEXT NOT NULL, weekday TEXT NOT NULL, start_time TEXT NOT NULL, end_time TEXT NOT NULL, FOREIGN KEY (building_code, room_number) REFERENCES room(building_code, room_number));
CREATE TABLE lecture_lecturer (lecture_id INTEGER REFERENCES lecture(lecture_id), staff_id TEXT REFERENCES lecturer(staff_id), is_lead BOOLEAN NOT NULL, PRIMARY KEY (lecture_id, staff_id));
