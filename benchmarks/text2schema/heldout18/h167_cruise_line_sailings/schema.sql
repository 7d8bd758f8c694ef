CREATE TABLE ship (imo_number TEXT PRIMARY KEY, name TEXT NOT NULL, gross_tonnage INTEGER, passenger_capacity INTEGER, year_built INTEGER);
CREATE TABLE port (port_code TEXT PRIMARY KEY, name TEXT NOT NULL, country TEXT);
CREATE TABLE sailing (sailing_id INTEGER PRIMARY KEY, name TEXT, imo_number TEXT NOT NULL REFERENCES ship(imo_number), departure_port_code TEXT NOT NULL REFERENCES port(port_code), final_port_code TEXT NOT NULL REFERENCES port(port_code), departure_date DATE NOT NULL, return_date DATE NOT NULL);
CREATE TABLE port_call (sailing_id INTEGER REFERENCES sailing(sailing_id), port_code TEXT REFERENCES port(port_code), arrival_time TIMESTAMP, departure_time TIMESTAMP, PRIMARY KEY (sailing_id, port_code));
CREATE TABLE cabin (cabin_id INTEGER PRIMARY KEY, imo_number TEXT NOT NULL REFERENCES ship(imo_number), cabin_number TEXT NOT NULL, deck INTEGER, category TEXT, berths INTEGER);
CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, sailing_id INTEGER NOT NULL REFERENCES sailing(sailing_id), cabin_id INTEGER NOT NULL REFERENCES cabin(cabin_id), booking_date DATE NOT NULL, total_fare DECIMAL(10,2));
CREATE TABLE passenger (passport_number TEXT PRIMARY KEY, full_name TEXT NOT NULL, nationality TEXT, date_of_birth DATE);
CREATE TABLE booking_passenger (booking_id INTEGER REFERENCES booking(booking_id), passport_number TEXT REFERENCES passenger(passport_number), PRIMARY KEY (booking_id, passport_number));
