CREATE TABLE site (site_code TEXT PRIMARY KEY, name TEXT, region TEXT, latitude REAL, longitude REAL);
CREATE TABLE trench (trench_id INTEGER PRIMARY KEY, site_code TEXT NOT NULL REFERENCES site(site_code), label TEXT, opened_date DATE, length_m REAL, width_m REAL);
CREATE TABLE archaeologist (archaeologist_id INTEGER PRIMARY KEY, name TEXT, specialty TEXT, email TEXT);
CREATE TABLE trench_assignment (trench_id INTEGER REFERENCES trench(trench_id), archaeologist_id INTEGER REFERENCES archaeologist(archaeologist_id), role TEXT, start_date DATE, PRIMARY KEY (trench_id, archaeologist_id));
CREATE TABLE find (find_number TEXT PRIMARY KEY, trench_id INTEGER NOT NULL REFERENCES trench(trench_id), description TEXT, material TEXT, depth_cm REAL, found_date DATE, excavated_by_id INTEGER NOT NULL REFERENCES archaeologist(archaeologist_id), identified_by_id INTEGER REFERENCES archaeologist(archaeologist_id));
