CREATE TABLE student (student_id INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, weight_kg DECIMAL(5,1), skill_level TEXT);
CREATE TABLE instructor (instructor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, certification_level TEXT, phone TEXT);
CREATE TABLE beach_spot (spot_id INTEGER PRIMARY KEY, name TEXT NOT NULL, prevailing_wind_direction TEXT);
CREATE TABLE kite (kite_id INTEGER PRIMARY KEY, size_m2 DECIMAL(4,1), brand TEXT, purchase_date DATE);
CREATE TABLE lesson (lesson_id INTEGER PRIMARY KEY, spot_id INTEGER NOT NULL REFERENCES beach_spot(spot_id), instructor_id INTEGER NOT NULL REFERENCES instructor(instructor_id), lesson_date DATE NOT NULL, start_time TIME, duration_minutes INTEGER);
CREATE TABLE lesson_student (lesson_id INTEGER REFERENCES lesson(lesson_id), student_id INTEGER REFERENCES student(student_id), kite_id INTEGER REFERENCES kite(kite_id), paid BOOLEAN, progress_note TEXT, PRIMARY KEY (lesson_id, student_id));
