CREATE TABLE fancier (fancier_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE loft (loft_code TEXT PRIMARY KEY, latitude DECIMAL(9,6) NOT NULL, longitude DECIMAL(9,6) NOT NULL);
CREATE TABLE loft_partner (loft_code TEXT NOT NULL REFERENCES loft(loft_code), fancier_id INTEGER NOT NULL REFERENCES fancier(fancier_id), PRIMARY KEY (loft_code, fancier_id));
CREATE TABLE race_point (race_point_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, latitude DECIMAL(9,6) NOT NULL, longitude DECIMAL(9,6) NOT NULL);
CREATE TABLE loft_distance (loft_code TEXT NOT NULL REFERENCES loft(loft_code), race_point_id INTEGER NOT NULL REFERENCES race_point(race_point_id), distance_km DECIMAL(8,3) NOT NULL, PRIMARY KEY (loft_code, race_point_id));
CREATE TABLE bird (ring_number TEXT PRIMARY KEY, hatch_year INTEGER NOT NULL, sex TEXT, colour TEXT, loft_code TEXT NOT NULL REFERENCES loft(loft_code), sire_ring_number TEXT REFERENCES bird(ring_number), dam_ring_number TEXT REFERENCES bird(ring_number));
CREATE TABLE race (race_id INTEGER PRIMARY KEY, race_point_id INTEGER NOT NULL REFERENCES race_point(race_point_id), race_date DATE NOT NULL, release_time TIME NOT NULL, category TEXT NOT NULL);
CREATE TABLE race_entry (race_id INTEGER NOT NULL REFERENCES race(race_id), ring_number TEXT NOT NULL REFERENCES bird(ring_number), arrival_time TIMESTAMP, PRIMARY KEY (race_id, ring_number));
