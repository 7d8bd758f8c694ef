CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, address TEXT);
CREATE TABLE animal (animal_id INTEGER PRIMARY KEY, name TEXT, species TEXT, breed TEXT, birth_date DATE, weight_kg REAL, owner_id INTEGER REFERENCES owner(owner_id));
CREATE TABLE veterinarian (veterinarian_id INTEGER PRIMARY KEY, name TEXT, license_number TEXT, clinic_name TEXT);
CREATE TABLE medication (medication_id INTEGER PRIMARY KEY, name TEXT, active_ingredient TEXT, strength TEXT, dosage_form TEXT, unit_price REAL);
CREATE TABLE prescription (prescription_id INTEGER PRIMARY KEY, animal_id INTEGER REFERENCES animal(animal_id), veterinarian_id INTEGER REFERENCES veterinarian(veterinarian_id), prescription_date DATE, is_repeatable BOOLEAN);
CREATE TABLE prescription_item (prescription_id INTEGER REFERENCES prescription(prescription_id), medication_id INTEGER REFERENCES medication(medication_id), quantity INTEGER, dosage_instructions TEXT, PRIMARY KEY (prescription_id, medication_id));
