CREATE TABLE port (port_code TEXT PRIMARY KEY, name TEXT NOT NULL, island TEXT);
CREATE TABLE route (route_id INTEGER PRIMARY KEY, distance_nautical_miles DECIMAL(6,1), departure_port_code TEXT NOT NULL REFERENCES port(port_code), arrival_port_code TEXT NOT NULL REFERENCES port(port_code));
CREATE TABLE vessel (imo_number INTEGER PRIMARY KEY, name TEXT NOT NULL, passenger_capacity INTEGER, car_deck_capacity INTEGER);
CREATE TABLE sailing (sailing_id INTEGER PRIMARY KEY, sailing_date DATE NOT NULL, departure_time TIME NOT NULL, route_id INTEGER NOT NULL REFERENCES route(route_id), imo_number INTEGER NOT NULL REFERENCES vessel(imo_number));
CREATE TABLE booking (booking_reference TEXT PRIMARY KEY, lead_passenger_name TEXT NOT NULL, number_of_passengers INTEGER, includes_vehicle BOOLEAN, fare_paid DECIMAL(8,2), booking_date DATE, sailing_id INTEGER NOT NULL REFERENCES sailing(sailing_id));
