CREATE TABLE member (member_no TEXT PRIMARY KEY, full_name TEXT NOT NULL, email TEXT, nationality TEXT);
CREATE TABLE boat (sail_number TEXT PRIMARY KEY, name TEXT NOT NULL, boat_class TEXT NOT NULL, hull_length_m DECIMAL(5,2), owner_member_no TEXT NOT NULL REFERENCES member(member_no));
CREATE TABLE race (race_number INTEGER PRIMARY KEY, scheduled_start TIMESTAMP NOT NULL, course_name TEXT NOT NULL);
CREATE TABLE race_result (race_number INTEGER REFERENCES race(race_number), sail_number TEXT REFERENCES boat(sail_number), finishing_position INTEGER NOT NULL, elapsed_time_s INTEGER NOT NULL, points DECIMAL(5,1) NOT NULL, PRIMARY KEY (race_number, sail_number));
CREATE TABLE boat_crew (sail_number TEXT REFERENCES boat(sail_number), member_no TEXT REFERENCES member(member_no), crew_role TEXT NOT NULL, PRIMARY KEY (sail_number, member_no));
CREATE TABLE protest (protest_id INTEGER PRIMARY KEY, race_number INTEGER NOT NULL REFERENCES race(race_number), protesting_sail_number TEXT NOT NULL REFERENCES boat(sail_number), protested_sail_number TEXT NOT NULL REFERENCES boat(sail_number), filed_at TIMESTAMP NOT NULL, description TEXT, jury_decision TEXT);
