CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, phone TEXT, membership_type TEXT, membership_start DATE);
CREATE TABLE trainer (trainer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, certification TEXT);
CREATE TABLE class (class_id INTEGER PRIMARY KEY, name TEXT NOT NULL, weekday TEXT, start_time TIME, duration_minutes INTEGER, capacity INTEGER, trainer_id INTEGER NOT NULL REFERENCES trainer(trainer_id));
CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES member(member_id), class_id INTEGER NOT NULL REFERENCES class(class_id), booking_date DATE, attended BOOLEAN);
