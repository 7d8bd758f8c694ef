CREATE TABLE club (affiliation_number TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE runner (runner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, gender TEXT, email TEXT, affiliation_number TEXT REFERENCES club(affiliation_number));
CREATE TABLE race (race_id INTEGER PRIMARY KEY, name TEXT NOT NULL, race_date DATE NOT NULL, distance_km DECIMAL(5,3), start_time TIME);
CREATE TABLE charity (charity_number TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE entry (bib_number TEXT PRIMARY KEY, runner_id INTEGER NOT NULL REFERENCES runner(runner_id), race_id INTEGER NOT NULL REFERENCES race(race_id), entry_date DATE, fee_paid DECIMAL(6,2), charity_number TEXT REFERENCES charity(charity_number));
CREATE TABLE timing_point (timing_point_id INTEGER PRIMARY KEY, race_id INTEGER NOT NULL REFERENCES race(race_id), name TEXT NOT NULL, distance_km DECIMAL(5,3));
CREATE TABLE timing_read (bib_number TEXT NOT NULL REFERENCES entry(bib_number), timing_point_id INTEGER NOT NULL REFERENCES timing_point(timing_point_id), read_time DATETIME NOT NULL, PRIMARY KEY (bib_number, timing_point_id));
