CREATE TABLE region (region_id INTEGER PRIMARY KEY, name TEXT NOT NULL, regional_office TEXT);
CREATE TABLE station (station_code TEXT PRIMARY KEY, name TEXT NOT NULL, latitude DECIMAL(9,6), longitude DECIMAL(9,6), elevation_m DECIMAL(7,1), commissioned_date DATE, region_id INTEGER NOT NULL REFERENCES region(region_id));
CREATE TABLE instrument (serial_number TEXT PRIMARY KEY, instrument_type TEXT NOT NULL, manufacturer TEXT, last_calibration_date DATE, station_code TEXT NOT NULL REFERENCES station(station_code));
CREATE TABLE reading (reading_id INTEGER PRIMARY KEY, serial_number TEXT NOT NULL REFERENCES instrument(serial_number), reading_time TIMESTAMP NOT NULL, measured_value DECIMAL(10,3), quality_flag TEXT);
CREATE TABLE technician (technician_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE maintenance_visit (visit_id INTEGER PRIMARY KEY, station_code TEXT NOT NULL REFERENCES station(station_code), visit_date DATE NOT NULL, work_done TEXT);
CREATE TABLE visit_technician (visit_id INTEGER REFERENCES maintenance_visit(visit_id), technician_id INTEGER REFERENCES technician(technician_id), PRIMARY KEY (visit_id, technician_id));
