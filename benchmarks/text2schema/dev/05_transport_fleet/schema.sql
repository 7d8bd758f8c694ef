CREATE TABLE vehicle (licence_plate TEXT PRIMARY KEY, make TEXT, model TEXT, year INTEGER, max_load_kg REAL);
CREATE TABLE driver (driver_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, licence_number TEXT UNIQUE, hire_date DATE);
CREATE TABLE trip (trip_id INTEGER PRIMARY KEY, driver_id INTEGER NOT NULL REFERENCES driver(driver_id), licence_plate TEXT NOT NULL REFERENCES vehicle(licence_plate), start_time TIMESTAMP, end_time TIMESTAMP, distance REAL, completed BOOLEAN);
CREATE TABLE maintenance_record (record_id INTEGER PRIMARY KEY, licence_plate TEXT NOT NULL REFERENCES vehicle(licence_plate), service_date DATE, description TEXT, cost DECIMAL(10,2));
