CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, phone_number TEXT);
CREATE TABLE boat (registration_number TEXT PRIMARY KEY, name TEXT, length_m REAL, type TEXT, owner_id INTEGER NOT NULL REFERENCES owner(owner_id));
CREATE TABLE pier (pier_letter TEXT PRIMARY KEY, number_of_berths INTEGER);
CREATE TABLE berth (pier_letter TEXT REFERENCES pier(pier_letter), berth_number INTEGER, max_boat_length REAL, PRIMARY KEY (pier_letter, berth_number));
CREATE TABLE contract (contract_id INTEGER PRIMARY KEY, registration_number TEXT NOT NULL REFERENCES boat(registration_number), pier_letter TEXT NOT NULL, berth_number INTEGER NOT NULL, start_date DATE, end_date DATE, monthly_fee DECIMAL(10,2), FOREIGN KEY (pier_letter, berth_number) REFERENCES berth(pier_letter, berth_number));
CREATE TABLE service (service_id INTEGER PRIMARY KEY, registration_number TEXT NOT NULL REFERENCES boat(registration_number), service_type TEXT, service_date DATE, cost DECIMAL(10,2));
