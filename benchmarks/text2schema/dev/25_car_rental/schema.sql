CREATE TABLE branch (branch_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, phone_number TEXT);
CREATE TABLE car (licence_plate TEXT PRIMARY KEY, make TEXT, model TEXT, daily_rate DECIMAL(8,2), mileage INTEGER, branch_id INTEGER NOT NULL REFERENCES branch(branch_id));
CREATE TABLE customer (driving_licence_number TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE);
CREATE TABLE rental (rental_id INTEGER PRIMARY KEY, driving_licence_number TEXT NOT NULL REFERENCES customer(driving_licence_number), licence_plate TEXT NOT NULL REFERENCES car(licence_plate), pickup_branch_id INTEGER NOT NULL REFERENCES branch(branch_id), return_branch_id INTEGER REFERENCES branch(branch_id), pickup_date DATE NOT NULL, return_date DATE, total_cost DECIMAL(10,2));
