CREATE TABLE patient (patient_number INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, date_of_birth DATE, gender TEXT, phone TEXT);
CREATE TABLE doctor (doctor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, specialty TEXT);
CREATE TABLE appointment (appointment_id INTEGER PRIMARY KEY, patient_number INTEGER NOT NULL REFERENCES patient(patient_number), doctor_id INTEGER NOT NULL REFERENCES doctor(doctor_id), appointment_time TIMESTAMP NOT NULL, reason TEXT);
CREATE TABLE medication (code TEXT PRIMARY KEY, name TEXT NOT NULL, manufacturer TEXT);
CREATE TABLE prescription (prescription_id INTEGER PRIMARY KEY, appointment_id INTEGER NOT NULL REFERENCES appointment(appointment_id), medication_code TEXT NOT NULL REFERENCES medication(code), dosage TEXT, days INTEGER);
