CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT);
CREATE TABLE location (location_id INTEGER PRIMARY KEY, name TEXT NOT NULL, street_address TEXT, town TEXT, latitude DECIMAL(9,6), longitude DECIMAL(9,6), place_type TEXT, daily_fee DECIMAL(10,2), owner_id INTEGER NOT NULL REFERENCES owner(owner_id));
CREATE TABLE scout (scout_id INTEGER PRIMARY KEY, name TEXT NOT NULL, mobile TEXT, region TEXT);
CREATE TABLE production (production_id INTEGER PRIMARY KEY, title TEXT NOT NULL, production_company TEXT, director TEXT, planned_start_date DATE);
CREATE TABLE scouting_visit (visit_id INTEGER PRIMARY KEY, location_id INTEGER NOT NULL REFERENCES location(location_id), scout_id INTEGER NOT NULL REFERENCES scout(scout_id), visit_date DATE NOT NULL, comments TEXT);
CREATE TABLE photo (photo_id INTEGER PRIMARY KEY, visit_id INTEGER NOT NULL REFERENCES scouting_visit(visit_id), file_name TEXT NOT NULL, caption TEXT);
CREATE TABLE location_proposal (production_id INTEGER REFERENCES production(production_id), location_id INTEGER REFERENCES location(location_id), proposed_date DATE NOT NULL, decision TEXT, shoot_start_date DATE, shoot_end_date DATE, PRIMARY KEY (production_id, location_id));
