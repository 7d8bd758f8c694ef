CREATE TABLE station (station_id INTEGER PRIMARY KEY, name TEXT, address TEXT, district TEXT);
CREATE TABLE firefighter (service_number INTEGER PRIMARY KEY, name TEXT, rank TEXT, hire_date DATE, station_id INTEGER NOT NULL REFERENCES station(station_id), supervisor_number INTEGER REFERENCES firefighter(service_number));
CREATE TABLE appliance (registration TEXT PRIMARY KEY, vehicle_type TEXT, tank_capacity_litres INTEGER, station_id INTEGER NOT NULL REFERENCES station(station_id));
CREATE TABLE incident (incident_id INTEGER PRIMARY KEY, reported_at TIMESTAMP, address TEXT, incident_type TEXT, severity INTEGER);
CREATE TABLE dispatch (incident_id INTEGER REFERENCES incident(incident_id), registration TEXT REFERENCES appliance(registration), dispatched_at TIMESTAMP, arrived_at TIMESTAMP, PRIMARY KEY (incident_id, registration));
