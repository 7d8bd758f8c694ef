CREATE TABLE patient (health_number TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, phone TEXT);
CREATE TABLE vaccine (vaccine_id INTEGER PRIMARY KEY, product_name TEXT NOT NULL, manufacturer TEXT, target_disease TEXT, doses_required INTEGER);
CREATE TABLE batch (batch_number TEXT PRIMARY KEY, vaccine_id INTEGER NOT NULL REFERENCES vaccine(vaccine_id), expiry_date DATE NOT NULL, quantity_received INTEGER);
CREATE TABLE ingredient (ingredient_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE vaccine_ingredient (vaccine_id INTEGER REFERENCES vaccine(vaccine_id), ingredient_id INTEGER REFERENCES ingredient(ingredient_id), PRIMARY KEY (vaccine_id, ingredient_id));
CREATE TABLE patient_allergy (health_number TEXT REFERENCES patient(health_number), ingredient_id INTEGER REFERENCES ingredient(ingredient_id), severity TEXT, PRIMARY KEY (health_number, ingredient_id));
CREATE TABLE nurse (registration_number TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE vaccination (vaccination_id INTEGER PRIMARY KEY, health_number TEXT NOT NULL REFERENCES patient(health_number), batch_number TEXT NOT NULL REFERENCES batch(batch_number), nurse_registration_number TEXT NOT NULL REFERENCES nurse(registration_number), administered_at TIMESTAMP NOT NULL, dose_number INTEGER, injection_site TEXT);
