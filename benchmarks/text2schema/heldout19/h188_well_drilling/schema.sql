CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, address TEXT);
CREATE TABLE property (title_number TEXT PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES client(client_id), address TEXT, parish TEXT);
CREATE TABLE well (permit_number TEXT PRIMARY KEY, title_number TEXT NOT NULL REFERENCES property(title_number), final_depth_m DECIMAL(7,2), casing_diameter_mm INTEGER, static_water_level_m DECIMAL(7,2), yield_lpm DECIMAL(8,2));
CREATE TABLE rig (plate_number TEXT PRIMARY KEY, model TEXT, max_depth_m INTEGER);
CREATE TABLE driller (driller_id INTEGER PRIMARY KEY, name TEXT NOT NULL, certification_level TEXT);
CREATE TABLE drilling_job (job_id INTEGER PRIMARY KEY, permit_number TEXT NOT NULL UNIQUE REFERENCES well(permit_number), plate_number TEXT REFERENCES rig(plate_number), foreman_id INTEGER REFERENCES driller(driller_id), start_date DATE, end_date DATE, quoted_price DECIMAL(10,2));
CREATE TABLE job_driller (job_id INTEGER NOT NULL REFERENCES drilling_job(job_id), driller_id INTEGER NOT NULL REFERENCES driller(driller_id), PRIMARY KEY (job_id, driller_id));
CREATE TABLE stratum (permit_number TEXT NOT NULL REFERENCES well(permit_number), layer_number INTEGER NOT NULL, top_depth_m DECIMAL(7,2), bottom_depth_m DECIMAL(7,2), rock_type TEXT, PRIMARY KEY (permit_number, layer_number));
