CREATE TABLE diver (diver_id INTEGER PRIMARY KEY, name TEXT, certification_level TEXT, emergency_phone TEXT);
CREATE TABLE dive_site (dive_site_id INTEGER PRIMARY KEY, name TEXT, max_depth_m REAL, latitude REAL, longitude REAL);
CREATE TABLE instructor (instructor_id INTEGER PRIMARY KEY, name TEXT, licence_number TEXT);
CREATE TABLE dive_trip (dive_trip_id INTEGER PRIMARY KEY, departure_time TIMESTAMP, boat_name TEXT, dive_site_id INTEGER NOT NULL REFERENCES dive_site(dive_site_id), lead_instructor_id INTEGER NOT NULL REFERENCES instructor(instructor_id), assistant_instructor_id INTEGER REFERENCES instructor(instructor_id));
CREATE TABLE booking (dive_trip_id INTEGER REFERENCES dive_trip(dive_trip_id), diver_id INTEGER REFERENCES diver(diver_id), price_paid DECIMAL(10,2), rents_equipment BOOLEAN, PRIMARY KEY (dive_trip_id, diver_id));
