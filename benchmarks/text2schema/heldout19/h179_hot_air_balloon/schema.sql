CREATE TABLE balloon (registration_mark TEXT PRIMARY KEY, envelope_volume_m3 INTEGER, max_passengers INTEGER, last_airworthiness_check DATE);
CREATE TABLE pilot (licence_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, total_flight_hours DECIMAL(7,1));
CREATE TABLE site (site_id INTEGER PRIMARY KEY, name TEXT NOT NULL, county TEXT, latitude REAL, longitude REAL);
CREATE TABLE flight (flight_id INTEGER PRIMARY KEY, registration_mark TEXT NOT NULL REFERENCES balloon(registration_mark), pilot_licence TEXT NOT NULL REFERENCES pilot(licence_number), co_pilot_licence TEXT REFERENCES pilot(licence_number), flight_date DATE NOT NULL, takeoff_site_id INTEGER NOT NULL REFERENCES site(site_id), landing_site_id INTEGER REFERENCES site(site_id), takeoff_time DATETIME, landing_time DATETIME);
CREATE TABLE passenger (passenger_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, weight_kg DECIMAL(5,1));
CREATE TABLE flight_passenger (flight_id INTEGER NOT NULL REFERENCES flight(flight_id), passenger_id INTEGER NOT NULL REFERENCES passenger(passenger_id), price_paid DECIMAL(8,2), champagne_certificate BOOLEAN, PRIMARY KEY (flight_id, passenger_id));
