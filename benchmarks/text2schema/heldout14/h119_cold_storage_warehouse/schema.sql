CREATE TABLE client (client_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, contact_person TEXT, billing_email TEXT);
CREATE TABLE chamber (chamber_id INTEGER PRIMARY KEY, name TEXT NOT NULL, target_temperature DECIMAL(4,1));
CREATE TABLE rack_position (position_id INTEGER PRIMARY KEY, chamber_id INTEGER NOT NULL REFERENCES chamber(chamber_id), position_number TEXT NOT NULL);
CREATE TABLE pallet (barcode TEXT PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES client(client_id), product_description TEXT, weight_kg DECIMAL(8,2), arrival_time TIMESTAMP, best_before_date DATE, current_position_id INTEGER REFERENCES rack_position(position_id));
CREATE TABLE operator (operator_id INTEGER PRIMARY KEY, name TEXT NOT NULL, badge_number TEXT);
CREATE TABLE pallet_movement (movement_id INTEGER PRIMARY KEY, barcode TEXT NOT NULL REFERENCES pallet(barcode), from_position_id INTEGER NOT NULL REFERENCES rack_position(position_id), to_position_id INTEGER NOT NULL REFERENCES rack_position(position_id), moved_at TIMESTAMP NOT NULL, operator_id INTEGER NOT NULL REFERENCES operator(operator_id));
CREATE TABLE temperature_check (check_id INTEGER PRIMARY KEY, chamber_id INTEGER NOT NULL REFERENCES chamber(chamber_id), checked_at TIMESTAMP NOT NULL, temperature DECIMAL(4,1));
