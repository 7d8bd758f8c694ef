CREATE TABLE ground_station (station_code TEXT PRIMARY KEY, name TEXT, latitude REAL, longitude REAL, dish_diameter_m REAL);
CREATE TABLE satellite (norad_number INTEGER PRIMARY KEY, name TEXT, operator TEXT, orbit_type TEXT);
CREATE TABLE engineer (engineer_id INTEGER PRIMARY KEY, name TEXT, email TEXT, shift_pattern TEXT);
CREATE TABLE contact (contact_id INTEGER PRIMARY KEY, start_time TIMESTAMP, end_time TIMESTAMP, max_elevation_deg REAL, data_volume_mb REAL, norad_number INTEGER NOT NULL REFERENCES satellite(norad_number), station_code TEXT NOT NULL REFERENCES ground_station(station_code), scheduler_id INTEGER NOT NULL REFERENCES engineer(engineer_id), verifier_id INTEGER REFERENCES engineer(engineer_id));
