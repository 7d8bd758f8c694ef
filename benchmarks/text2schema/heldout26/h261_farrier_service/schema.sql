CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, yard_address TEXT);
CREATE TABLE horse (horse_id INTEGER PRIMARY KEY, name TEXT NOT NULL, breed TEXT, height_hands DECIMAL(4,1), hoof_notes TEXT, owner_id INTEGER NOT NULL REFERENCES owner(owner_id));
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT NOT NULL, mobile TEXT);
CREATE TABLE shoe_type (shoe_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, standard_price DECIMAL(8,2));
CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, horse_id INTEGER NOT NULL REFERENCES horse(horse_id), visit_date DATE NOT NULL, farrier_id INTEGER NOT NULL REFERENCES staff(staff_id), apprentice_id INTEGER REFERENCES staff(staff_id), total_charged DECIMAL(8,2), paid BOOLEAN NOT NULL);
CREATE TABLE visit_foot (visit_id INTEGER NOT NULL REFERENCES visit(visit_id), foot TEXT NOT NULL, shoe_type_id INTEGER NOT NULL REFERENCES shoe_type(shoe_type_id), pads_fitted BOOLEAN NOT NULL, PRIMARY KEY (visit_id, foot));
CREATE TABLE shoe_stock (shoe_type_id INTEGER NOT NULL REFERENCES shoe_type(shoe_type_id), shoe_size TEXT NOT NULL, quantity INTEGER NOT NULL, PRIMARY KEY (shoe_type_id, shoe_size));
