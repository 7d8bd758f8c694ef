CREATE TABLE store (store_id INTEGER PRIMARY KEY, address TEXT NOT NULL, city TEXT, opening_hours TEXT);
CREATE TABLE drug (national_drug_code TEXT PRIMARY KEY, brand_name TEXT, generic_name TEXT, unit_price DECIMAL(8,2));
CREATE TABLE stock (store_id INTEGER REFERENCES store(store_id), national_drug_code TEXT REFERENCES drug(national_drug_code), quantity INTEGER, PRIMARY KEY (store_id, national_drug_code));
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, insurance_number TEXT);
CREATE TABLE physician (physician_id INTEGER PRIMARY KEY, name TEXT NOT NULL, licence_number TEXT UNIQUE);
CREATE TABLE prescription (prescription_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), physician_id INTEGER NOT NULL REFERENCES physician(physician_id), store_id INTEGER REFERENCES store(store_id), fill_date DATE);
CREATE TABLE prescription_item (prescription_id INTEGER REFERENCES prescription(prescription_id), national_drug_code TEXT REFERENCES drug(national_drug_code), quantity INTEGER, dosage_instructions TEXT, PRIMARY KEY (prescription_id, national_drug_code));
