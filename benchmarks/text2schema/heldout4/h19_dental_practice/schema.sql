CREATE TABLE patient (patient_number INTEGER PRIMARY KEY, full_name TEXT NOT NULL, date_of_birth DATE, phone_number TEXT, insurer_name TEXT, recommended_by_patient_number INTEGER REFERENCES patient(patient_number));
CREATE TABLE dentist (licence_number TEXT PRIMARY KEY, name TEXT NOT NULL, specialty TEXT);
CREATE TABLE appointment (appointment_id INTEGER PRIMARY KEY, patient_number INTEGER NOT NULL REFERENCES patient(patient_number), licence_number TEXT NOT NULL REFERENCES dentist(licence_number), appointment_time TIMESTAMP, reason TEXT);
CREATE TABLE treatment (treatment_code TEXT PRIMARY KEY, description TEXT, standard_fee DECIMAL(10,2));
CREATE TABLE appointment_treatment (appointment_id INTEGER REFERENCES appointment(appointment_id), treatment_code TEXT REFERENCES treatment(treatment_code), fee_charged DECIMAL(10,2), clinical_note TEXT, PRIMARY KEY (appointment_id, treatment_code));
