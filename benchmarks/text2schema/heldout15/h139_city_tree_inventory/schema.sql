CREATE TABLE species (species_id INTEGER PRIMARY KEY, common_name TEXT NOT NULL, latin_name TEXT NOT NULL UNIQUE, mature_height_m DECIMAL(5,1), is_native BOOLEAN NOT NULL);
CREATE TABLE zone (zone_id INTEGER PRIMARY KEY, name TEXT NOT NULL, ward TEXT);
CREATE TABLE tree (tag_number TEXT PRIMARY KEY, species_id INTEGER NOT NULL REFERENCES species(species_id), zone_id INTEGER NOT NULL REFERENCES zone(zone_id), planted_date DATE, dbh_cm DECIMAL(5,1), height_m DECIMAL(5,1), condition_rating TEXT, latitude DECIMAL(9,6) NOT NULL, longitude DECIMAL(9,6) NOT NULL);
CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, name TEXT NOT NULL, leader_arborist_id INTEGER REFERENCES arborist(arborist_id));
CREATE TABLE arborist (arborist_id INTEGER PRIMARY KEY, name TEXT NOT NULL, certification_level TEXT, crew_id INTEGER NOT NULL REFERENCES crew(crew_id));
CREATE TABLE pruning_job (job_id INTEGER PRIMARY KEY, planned_date DATE NOT NULL, crew_id INTEGER NOT NULL REFERENCES crew(crew_id));
CREATE TABLE job_tree (job_id INTEGER REFERENCES pruning_job(job_id), tag_number TEXT REFERENCES tree(tag_number), pruning_type TEXT NOT NULL, hours_spent DECIMAL(5,2), PRIMARY KEY (job_id, tag_number));
CREATE TABLE resident (resident_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT);
CREATE TABLE tree_report (report_id INTEGER PRIMARY KEY, resident_id INTEGER NOT NULL REFERENCES resident(resident_id), tag_number TEXT NOT NULL REFERENCES tree(tag_number), report_date DATE NOT NULL, description TEXT NOT NULL);
