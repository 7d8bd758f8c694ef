CREATE TABLE water_body (water_body_id INTEGER PRIMARY KEY, name TEXT, water_type TEXT, flows_into_id INTEGER REFERENCES water_body(water_body_id));
CREATE TABLE monitoring_station (station_code TEXT PRIMARY KEY, water_body_id INTEGER NOT NULL REFERENCES water_body(water_body_id), latitude REAL, longitude REAL, installed_date DATE);
CREATE TABLE technician (technician_id INTEGER PRIMARY KEY, name TEXT, certification_level TEXT);
CREATE TABLE parameter (parameter_code TEXT PRIMARY KEY, name TEXT, unit TEXT, max_allowed REAL);
CREATE TABLE sample (sample_id INTEGER PRIMARY KEY, station_code TEXT NOT NULL REFERENCES monitoring_station(station_code), collected_at TIMESTAMP NOT NULL, collected_by_id INTEGER NOT NULL REFERENCES technician(technician_id), analysed_by_id INTEGER REFERENCES technician(technician_id));
CREATE TABLE measurement (sample_id INTEGER REFERENCES sample(sample_id), parameter_code TEXT REFERENCES parameter(parameter_code), value REAL, PRIMARY KEY (sample_id, parameter_code));
