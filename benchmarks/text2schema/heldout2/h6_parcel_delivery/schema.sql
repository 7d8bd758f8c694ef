CREATE TABLE customer (customer_number INTEGER PRIMARY KEY, name TEXT NOT NULL, street_address TEXT, postcode TEXT, phone_number TEXT);
CREATE TABLE depot (depot_code TEXT PRIMARY KEY, city TEXT, capacity INTEGER);
CREATE TABLE driver (employee_number INTEGER PRIMARY KEY, name TEXT NOT NULL, licence_class TEXT);
CREATE TABLE parcel (tracking_code TEXT PRIMARY KEY, weight_kg REAL, declared_value DECIMAL(10,2), sender_customer_number INTEGER NOT NULL REFERENCES customer(customer_number), recipient_customer_number INTEGER NOT NULL REFERENCES customer(customer_number), driver_employee_number INTEGER REFERENCES driver(employee_number));
CREATE TABLE scan (scan_id INTEGER PRIMARY KEY, tracking_code TEXT NOT NULL REFERENCES parcel(tracking_code), depot_code TEXT REFERENCES depot(depot_code), scan_time TIMESTAMP, status TEXT);
