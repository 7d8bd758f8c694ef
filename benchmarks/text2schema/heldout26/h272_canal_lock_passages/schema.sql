CREATE TABLE canal_lock (lock_number INTEGER PRIMARY KEY, name TEXT NOT NULL, rise_m DECIMAL(5,2), chamber_length_m DECIMAL(5,2));
CREATE TABLE keeper (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, lock_number INTEGER NOT NULL REFERENCES canal_lock(lock_number));
CREATE TABLE boat_type (boat_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE boat (licence_number TEXT PRIMARY KEY, boat_name TEXT NOT NULL, boat_type_id INTEGER NOT NULL REFERENCES boat_type(boat_type_id), length_m DECIMAL(5,2), owner_id INTEGER NOT NULL REFERENCES owner(owner_id));
CREATE TABLE passage (passage_id INTEGER PRIMARY KEY, licence_number TEXT NOT NULL REFERENCES boat(licence_number), lock_number INTEGER NOT NULL REFERENCES canal_lock(lock_number), passage_time TIMESTAMP NOT NULL, direction TEXT NOT NULL, staff_number TEXT REFERENCES keeper(staff_number));
CREATE TABLE stoppage (stoppage_id INTEGER PRIMARY KEY, lock_number INTEGER NOT NULL REFERENCES canal_lock(lock_number), start_date DATE NOT NULL, end_date DATE, reason TEXT, planned BOOLEAN NOT NULL);
