CREATE TABLE zone (zone_id INTEGER PRIMARY KEY, name TEXT NOT NULL, base_fee DECIMAL(8,2));
CREATE TABLE bike (serial_number TEXT PRIMARY KEY, model TEXT, bike_type TEXT, purchase_date DATE);
CREATE TABLE courier (employee_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, hire_date DATE, bike_serial_number TEXT UNIQUE REFERENCES bike(serial_number));
CREATE TABLE customer (account_number TEXT PRIMARY KEY, company_name TEXT NOT NULL, billing_address TEXT, contact_phone TEXT);
CREATE TABLE delivery (job_number INTEGER PRIMARY KEY, account_number TEXT NOT NULL REFERENCES customer(account_number), employee_number TEXT NOT NULL REFERENCES courier(employee_number), pickup_address TEXT NOT NULL, pickup_zone_id INTEGER NOT NULL REFERENCES zone(zone_id), dropoff_address TEXT NOT NULL, dropoff_zone_id INTEGER NOT NULL REFERENCES zone(zone_id), booked_at TIMESTAMP NOT NULL, delivered_at TIMESTAMP, price DECIMAL(8,2));
