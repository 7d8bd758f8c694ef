CREATE TABLE tower (tower_code TEXT PRIMARY KEY, dedication TEXT, town TEXT NOT NULL, practice_day TEXT);
CREATE TABLE bell (tower_code TEXT NOT NULL REFERENCES tower(tower_code), bell_number INTEGER NOT NULL, weight_kg DECIMAL(8,2), note TEXT, year_cast INTEGER, PRIMARY KEY (tower_code, bell_number));
CREATE TABLE ringer (membership_number TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT, home_tower_code TEXT REFERENCES tower(tower_code));
CREATE TABLE peal (peal_id INTEGER PRIMARY KEY, tower_code TEXT NOT NULL REFERENCES tower(tower_code), peal_date DATE NOT NULL, method TEXT, changes INTEGER, duration_minutes INTEGER, conductor_number TEXT NOT NULL REFERENCES ringer(membership_number));
CREATE TABLE peal_ringer (peal_id INTEGER NOT NULL REFERENCES peal(peal_id), membership_number TEXT NOT NULL REFERENCES ringer(membership_number), bell_number INTEGER NOT NULL, PRIMARY KEY (peal_id, membership_number), UNIQUE (peal_id, bell_number));
