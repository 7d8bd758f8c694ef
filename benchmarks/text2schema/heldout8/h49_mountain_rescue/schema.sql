CREATE TABLE base_station (base_station_id INTEGER PRIMARY KEY, name TEXT, region TEXT, altitude_m REAL);
CREATE TABLE rescuer (rescuer_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, qualification_level TEXT, base_station_id INTEGER NOT NULL REFERENCES base_station(base_station_id), mentor_id INTEGER REFERENCES rescuer(rescuer_id));
CREATE TABLE incident (incident_id INTEGER PRIMARY KEY, reported_at TIMESTAMP, location_description TEXT, severity TEXT, casualty_count INTEGER, base_station_id INTEGER NOT NULL REFERENCES base_station(base_station_id));
CREATE TABLE deployment (incident_id INTEGER REFERENCES incident(incident_id), rescuer_id INTEGER REFERENCES rescuer(rescuer_id), role TEXT, hours_spent REAL, PRIMARY KEY (incident_id, rescuer_id));
