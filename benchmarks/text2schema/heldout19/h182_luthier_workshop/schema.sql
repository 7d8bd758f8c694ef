CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, postal_address TEXT);
CREATE TABLE instrument (serial_number TEXT PRIMARY KEY, instrument_type TEXT NOT NULL, maker TEXT, year_made INTEGER, owner_id INTEGER REFERENCES customer(customer_id));
CREATE TABLE commission (commission_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), order_date DATE NOT NULL, promised_delivery_date DATE, agreed_price DECIMAL(10,2), deposit_paid DECIMAL(10,2), serial_number TEXT UNIQUE REFERENCES instrument(serial_number));
CREATE TABLE repair (repair_id INTEGER PRIMARY KEY, serial_number TEXT NOT NULL REFERENCES instrument(serial_number), date_received DATE NOT NULL, date_returned DATE, description TEXT, charge DECIMAL(8,2));
CREATE TABLE craftsperson (craftsperson_id INTEGER PRIMARY KEY, name TEXT NOT NULL, specialty TEXT);
CREATE TABLE repair_work (repair_id INTEGER NOT NULL REFERENCES repair(repair_id), craftsperson_id INTEGER NOT NULL REFERENCES craftsperson(craftsperson_id), hours DECIMAL(5,2), PRIMARY KEY (repair_id, craftsperson_id));
CREATE TABLE tonewood_lot (lot_number TEXT PRIMARY KEY, species TEXT NOT NULL, origin TEXT, seasoning_year INTEGER);
CREATE TABLE commission_tonewood (commission_id INTEGER NOT NULL REFERENCES commission(commission_id), lot_number TEXT NOT NULL REFERENCES tonewood_lot(lot_number), quantity DECIMAL(6,2), PRIMARY KEY (commission_id, lot_number));
