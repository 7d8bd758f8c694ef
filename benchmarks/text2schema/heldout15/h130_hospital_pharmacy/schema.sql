CREATE TABLE ward (ward_id INTEGER PRIMARY KEY, name TEXT NOT NULL, floor INTEGER, phone_extension TEXT);
CREATE TABLE patient (medical_record_number TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE NOT NULL, ward_id INTEGER NOT NULL REFERENCES ward(ward_id));
CREATE TABLE drug (drug_code TEXT PRIMARY KEY, generic_name TEXT NOT NULL, strength TEXT NOT NULL, dosage_form TEXT NOT NULL, is_controlled BOOLEAN NOT NULL);
CREATE TABLE doctor (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL, specialty TEXT);
CREATE TABLE pharmacist (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL, registration_number TEXT NOT NULL UNIQUE);
CREATE TABLE prescription (prescription_id INTEGER PRIMARY KEY, medical_record_number TEXT NOT NULL REFERENCES patient(medical_record_number), doctor_staff_number TEXT NOT NULL REFERENCES doctor(staff_number), prescribed_date DATE NOT NULL);
CREATE TABLE prescription_item (prescription_id INTEGER REFERENCES prescription(prescription_id), drug_code TEXT REFERENCES drug(drug_code), dose TEXT NOT NULL, frequency TEXT NOT NULL, duration_days INTEGER, PRIMARY KEY (prescription_id, drug_code));
CREATE TABLE dispensing (dispensing_id INTEGER PRIMARY KEY, prescription_id INTEGER NOT NULL, drug_code TEXT NOT NULL, pharmacist_staff_number TEXT NOT NULL REFERENCES pharmacist(staff_number), witness_staff_number TEXT REFERENCES pharmacist(staff_number), dispensed_at TIMESTAMP NOT NULL, quantity INTEGER NOT NULL, FOREIGN KEY (prescription_id, drug_code) REFERENCES prescription_item(prescription_id, drug_code));
