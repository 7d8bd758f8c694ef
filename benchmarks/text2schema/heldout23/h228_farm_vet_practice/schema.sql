CREATE TABLE farm (holding_number TEXT PRIMARY KEY, farm_name TEXT NOT NULL, owner_name TEXT, address TEXT, phone TEXT);
CREATE TABLE animal (ear_tag_number TEXT PRIMARY KEY, holding_number TEXT NOT NULL REFERENCES farm(holding_number), species TEXT NOT NULL, breed TEXT, sex TEXT, date_of_birth DATE);
CREATE TABLE vet (registration_number TEXT PRIMARY KEY, name TEXT NOT NULL, mobile TEXT);
CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, holding_number TEXT NOT NULL REFERENCES farm(holding_number), registration_number TEXT NOT NULL REFERENCES vet(registration_number), visit_date DATE NOT NULL, reason TEXT, mileage DECIMAL(6,1));
CREATE TABLE visit_animal (visit_id INTEGER NOT NULL REFERENCES visit(visit_id), ear_tag_number TEXT NOT NULL REFERENCES animal(ear_tag_number), diagnosis TEXT, treatment TEXT, PRIMARY KEY (visit_id, ear_tag_number));
CREATE TABLE medicine (product_code TEXT PRIMARY KEY, name TEXT NOT NULL, withdrawal_days INTEGER);
CREATE TABLE medicine_administration (visit_id INTEGER NOT NULL REFERENCES visit(visit_id), ear_tag_number TEXT NOT NULL REFERENCES animal(ear_tag_number), product_code TEXT NOT NULL REFERENCES medicine(product_code), dose TEXT, route TEXT, PRIMARY KEY (visit_id, ear_tag_number, product_code));
