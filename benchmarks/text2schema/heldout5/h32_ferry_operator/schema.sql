CREATE TABLE port (port_code TEXT PRIMARY KEY, name TEXT, country TEXT);
CREATE TABLE route (route_id INTEGER PRIMARY KEY, departure_port_code TEXT NOT NULL REFERENCES port(port_code), arrival_port_code TEXT NOT NULL REFERENCES port(port_code), distance_nautical_miles REAL, crossing_time_minutes INTEGER, UNIQUE (departure_port_code, arrival_port_code));
CREATE TABLE vessel (imo_number INTEGER PRIMARY KEY, name TEXT, year_built INTEGER, passenger_capacity INTEGER, car_spaces INTEGER);
CREATE TABLE sailing (sailing_id INTEGER PRIMARY KEY, route_id INTEGER NOT NULL REFERENCES route(route_id), imo_number INTEGER NOT NULL REFERENCES vessel(imo_number), departure_time TIMESTAMP, status TEXT);
CREATE TABLE customer (customer_number INTEGER PRIMARY KEY, name TEXT, email TEXT, phone TEXT);
CREATE TABLE booking (booking_reference TEXT PRIMARY KEY, customer_number INTEGER NOT NULL REFERENCES customer(customer_number), sailing_id INTEGER NOT NULL REFERENCES sailing(sailing_id), passenger_count INTEGER, vehicle_registration TEXT, total_fare DECIMAL(10,2), booked_at TIMESTAMP);
