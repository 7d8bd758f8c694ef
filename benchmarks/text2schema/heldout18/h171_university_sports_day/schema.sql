CREATE TABLE college (college_id INTEGER PRIMARY KEY, name TEXT NOT NULL, team_colour TEXT);
CREATE TABLE student (student_number TEXT PRIMARY KEY, name TEXT NOT NULL, year_of_study INTEGER, gender TEXT, college_id INTEGER NOT NULL REFERENCES college(college_id));
CREATE TABLE event (event_id INTEGER PRIMARY KEY, name TEXT NOT NULL, discipline TEXT NOT NULL, gender_category TEXT, measurement_unit TEXT, start_time TIMESTAMP);
CREATE TABLE entry (student_number TEXT REFERENCES student(student_number), event_id INTEGER REFERENCES event(event_id), performance DECIMAL(8,2), finishing_position INTEGER, points INTEGER, PRIMARY KEY (student_number, event_id));
CREATE TABLE official (official_id INTEGER PRIMARY KEY, name TEXT NOT NULL, department TEXT);
CREATE TABLE event_official (event_id INTEGER REFERENCES event(event_id), official_id INTEGER REFERENCES official(official_id), duty TEXT, PRIMARY KEY (event_id, official_id));
