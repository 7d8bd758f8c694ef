CREATE TABLE member (member_number INTEGER PRIMARY KEY, name TEXT, phone TEXT, joined_date DATE);
CREATE TABLE apiary (apiary_id INTEGER PRIMARY KEY, member_number INTEGER NOT NULL REFERENCES member(member_number), location_name TEXT, latitude REAL, longitude REAL);
CREATE TABLE hive (hive_id INTEGER PRIMARY KEY, apiary_id INTEGER NOT NULL REFERENCES apiary(apiary_id), hive_type TEXT, installed_date DATE, queen_year INTEGER);
CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, hive_id INTEGER NOT NULL REFERENCES hive(hive_id), inspection_date DATE, brood_frames INTEGER, varroa_count INTEGER, notes TEXT, inspector_number INTEGER NOT NULL REFERENCES member(member_number));
CREATE TABLE harvest (harvest_id INTEGER PRIMARY KEY, hive_id INTEGER NOT NULL REFERENCES hive(hive_id), harvest_date DATE, weight_kg REAL, honey_type TEXT);
