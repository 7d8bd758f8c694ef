CREATE TABLE court_building (court_code TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE courtroom (court_code TEXT NOT NULL REFERENCES court_building(court_code), room_number INTEGER NOT NULL, PRIMARY KEY (court_code, room_number));
CREATE TABLE citizen (register_number TEXT PRIMARY KEY, full_name TEXT NOT NULL, date_of_birth DATE, home_address TEXT, occupation TEXT);
CREATE TABLE jury_officer (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE summons (summons_ref TEXT PRIMARY KEY, register_number TEXT NOT NULL REFERENCES citizen(register_number), sent_date DATE, attendance_date DATE NOT NULL, court_code TEXT NOT NULL REFERENCES court_building(court_code), outcome TEXT, reason TEXT, decided_by TEXT REFERENCES jury_officer(staff_number));
CREATE TABLE trial (case_number TEXT PRIMARY KEY, court_code TEXT NOT NULL, room_number INTEGER NOT NULL, judge_name TEXT, start_date DATE, expected_length_days INTEGER, FOREIGN KEY (court_code, room_number) REFERENCES courtroom(court_code, room_number));
CREATE TABLE trial_juror (case_number TEXT NOT NULL REFERENCES trial(case_number), register_number TEXT NOT NULL REFERENCES citizen(register_number), seat_number INTEGER NOT NULL, is_foreperson BOOLEAN NOT NULL, discharged_early BOOLEAN NOT NULL, PRIMARY KEY (case_number, register_number), UNIQUE (case_number, seat_number));
