CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT);
CREATE TABLE property (property_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), street_address TEXT NOT NULL, postcode TEXT, building_type TEXT);
CREATE TABLE flue (flue_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES property(property_id), location TEXT, appliance_type TEXT, liner_material TEXT);
CREATE TABLE sweep (sweep_id INTEGER PRIMARY KEY, name TEXT NOT NULL, certification_number TEXT, start_date DATE);
CREATE TABLE cleaning_visit (visit_id INTEGER PRIMARY KEY, sweep_id INTEGER NOT NULL REFERENCES sweep(sweep_id), property_id INTEGER NOT NULL REFERENCES property(property_id), visit_date DATE NOT NULL, price DECIMAL(8,2));
CREATE TABLE visit_flue (visit_id INTEGER REFERENCES cleaning_visit(visit_id), flue_id INTEGER REFERENCES flue(flue_id), soot_volume_litres DECIMAL(6,2), smoke_test_passed BOOLEAN, condition_observed TEXT, PRIMARY KEY (visit_id, flue_id));
CREATE TABLE safety_certificate (certificate_number TEXT PRIMARY KEY, visit_id INTEGER NOT NULL UNIQUE REFERENCES cleaning_visit(visit_id), expiry_date DATE);
