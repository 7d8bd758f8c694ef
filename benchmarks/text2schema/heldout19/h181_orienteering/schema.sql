CREATE TABLE club (abbreviation TEXT PRIMARY KEY, full_name TEXT NOT NULL, region TEXT);
CREATE TABLE runner (membership_number TEXT PRIMARY KEY, name TEXT NOT NULL, year_of_birth INTEGER, gender TEXT, club_abbreviation TEXT REFERENCES club(abbreviation));
CREATE TABLE event (event_id INTEGER PRIMARY KEY, name TEXT NOT NULL, event_date DATE NOT NULL, venue TEXT, map_scale TEXT, organising_club TEXT NOT NULL REFERENCES club(abbreviation));
CREATE TABLE course (course_id INTEGER PRIMARY KEY, event_id INTEGER NOT NULL REFERENCES event(event_id), colour TEXT NOT NULL, length_km DECIMAL(5,2), climb_m INTEGER, UNIQUE (event_id, colour));
CREATE TABLE control (control_id INTEGER PRIMARY KEY, event_id INTEGER NOT NULL REFERENCES event(event_id), control_code TEXT NOT NULL, feature_description TEXT, grid_reference TEXT, UNIQUE (event_id, control_code));
CREATE TABLE course_control (course_id INTEGER NOT NULL REFERENCES course(course_id), position INTEGER NOT NULL, control_id INTEGER NOT NULL REFERENCES control(control_id), PRIMARY KEY (course_id, position));
CREATE TABLE entry (entry_id INTEGER PRIMARY KEY, course_id INTEGER NOT NULL REFERENCES course(course_id), membership_number TEXT NOT NULL REFERENCES runner(membership_number), start_time DATETIME, finish_time DATETIME, status TEXT, UNIQUE (course_id, membership_number));
CREATE TABLE punch (entry_id INTEGER NOT NULL REFERENCES entry(entry_id), control_id INTEGER NOT NULL REFERENCES control(control_id), punch_time DATETIME NOT NULL, PRIMARY KEY (entry_id, control_id));
