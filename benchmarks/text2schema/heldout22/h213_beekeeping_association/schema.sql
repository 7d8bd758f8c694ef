CREATE TABLE member (membership_number INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, year_joined INTEGER, mentor_number INTEGER REFERENCES member(membership_number));
CREATE TABLE apiary (apiary_code TEXT PRIMARY KEY, grid_reference TEXT, landowner_name TEXT, membership_number INTEGER NOT NULL REFERENCES member(membership_number));
CREATE TABLE hive_type (hive_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE queen (queen_id INTEGER PRIMARY KEY, birth_year INTEGER, marking_colour TEXT);
CREATE TABLE hive (tag_number TEXT PRIMARY KEY, hive_type_id INTEGER NOT NULL REFERENCES hive_type(hive_type_id), setup_date DATE, apiary_code TEXT NOT NULL REFERENCES apiary(apiary_code), queen_id INTEGER UNIQUE REFERENCES queen(queen_id));
CREATE TABLE disease (disease_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, tag_number TEXT NOT NULL REFERENCES hive(tag_number), membership_number INTEGER NOT NULL REFERENCES member(membership_number), inspection_date DATE NOT NULL, brood_pattern TEXT, temperament_score INTEGER, notes TEXT);
CREATE TABLE inspection_disease (inspection_id INTEGER NOT NULL REFERENCES inspection(inspection_id), disease_id INTEGER NOT NULL REFERENCES disease(disease_id), severity TEXT, PRIMARY KEY (inspection_id, disease_id));
CREATE TABLE harvest (harvest_id INTEGER PRIMARY KEY, tag_number TEXT NOT NULL REFERENCES hive(tag_number), harvest_date DATE NOT NULL, kilograms DECIMAL(6,2) NOT NULL);
