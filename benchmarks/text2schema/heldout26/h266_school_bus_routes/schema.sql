CREATE TABLE bus (fleet_number TEXT PRIMARY KEY, registration TEXT NOT NULL UNIQUE, seats INTEGER NOT NULL, wheelchair_lift BOOLEAN NOT NULL);
CREATE TABLE driver (licence_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE route (route_code TEXT PRIMARY KEY, description TEXT);
CREATE TABLE stop (stop_id INTEGER PRIMARY KEY, name TEXT NOT NULL, latitude DECIMAL(9,6), longitude DECIMAL(9,6));
CREATE TABLE route_stop (route_code TEXT NOT NULL REFERENCES route(route_code), stop_id INTEGER NOT NULL REFERENCES stop(stop_id), stop_order INTEGER NOT NULL, pickup_time TIME, PRIMARY KEY (route_code, stop_id), UNIQUE (route_code, stop_order));
CREATE TABLE daily_run (route_code TEXT NOT NULL REFERENCES route(route_code), run_date DATE NOT NULL, fleet_number TEXT NOT NULL REFERENCES bus(fleet_number), driver_licence_number TEXT NOT NULL REFERENCES driver(licence_number), escort_licence_number TEXT REFERENCES driver(licence_number), departure_time TIME, PRIMARY KEY (route_code, run_date));
CREATE TABLE school (school_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE pupil (pupil_id INTEGER PRIMARY KEY, name TEXT NOT NULL, year_group INTEGER, school_id INTEGER NOT NULL REFERENCES school(school_id), route_code TEXT NOT NULL REFERENCES route(route_code), stop_id INTEGER NOT NULL REFERENCES stop(stop_id));
