CREATE TABLE station (code TEXT PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE route (route_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE route_stop (route_id INTEGER REFERENCES route(route_id), station_code TEXT REFERENCES station(code), position INTEGER NOT NULL, scheduled_arrival TIME, PRIMARY KEY (route_id, station_code));
CREATE TABLE train (train_number TEXT PRIMARY KEY, type TEXT, seats INTEGER, route_id INTEGER REFERENCES route(route_id));
CREATE TABLE passenger (passenger_id INTEGER PRIMARY KEY, name TEXT, email TEXT);
CREATE TABLE ticket (ticket_number TEXT PRIMARY KEY, travel_date DATE, price DECIMAL(8,2), seat_number TEXT, train_number TEXT NOT NULL REFERENCES train(train_number), from_station TEXT NOT NULL REFERENCES station(code), to_station TEXT NOT NULL REFERENCES station(code), passenger_id INTEGER NOT NULL REFERENCES passenger(passenger_id));
