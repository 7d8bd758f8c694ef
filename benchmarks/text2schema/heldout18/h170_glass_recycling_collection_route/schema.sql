CREATE TABLE bottle_bank (site_code TEXT PRIMARY KEY, location_description TEXT NOT NULL, latitude DECIMAL(9,6), longitude DECIMAL(9,6), container_count INTEGER);
CREATE TABLE route (route_number INTEGER PRIMARY KEY, name TEXT NOT NULL, weekday TEXT);
CREATE TABLE route_stop (route_number INTEGER REFERENCES route(route_number), site_code TEXT REFERENCES bottle_bank(site_code), stop_sequence INTEGER NOT NULL, PRIMARY KEY (route_number, site_code));
CREATE TABLE truck (registration_number TEXT PRIMARY KEY, capacity_tonnes DECIMAL(5,2));
CREATE TABLE driver (licence_number TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE processing_plant (plant_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE collection_run (run_id INTEGER PRIMARY KEY, registration_number TEXT NOT NULL REFERENCES truck(registration_number), licence_number TEXT NOT NULL REFERENCES driver(licence_number), route_number INTEGER NOT NULL REFERENCES route(route_number), run_date DATE NOT NULL, plant_id INTEGER NOT NULL REFERENCES processing_plant(plant_id));
CREATE TABLE run_collection (run_id INTEGER REFERENCES collection_run(run_id), site_code TEXT REFERENCES bottle_bank(site_code), weight_kg DECIMAL(8,1) NOT NULL, fill_level_pct DECIMAL(5,2), PRIMARY KEY (run_id, site_code));
