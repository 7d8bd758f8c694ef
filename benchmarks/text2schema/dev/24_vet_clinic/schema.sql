CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, phone_number TEXT);
CREATE TABLE pet (pet_id INTEGER PRIMARY KEY, name TEXT NOT NULL, species TEXT, breed TEXT, date_of_birth DATE, weight REAL, owner_id INTEGER NOT NULL REFERENCES owner(owner_id));
CREATE TABLE vet (vet_id INTEGER PRIMARY KEY, name TEXT NOT NULL, licence_number TEXT UNIQUE);
CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, pet_id INTEGER NOT NULL REFERENCES pet(pet_id), vet_id INTEGER NOT NULL REFERENCES vet(vet_id), visit_date DATE NOT NULL, symptoms TEXT, treatment TEXT, fee DECIMAL(8,2));
