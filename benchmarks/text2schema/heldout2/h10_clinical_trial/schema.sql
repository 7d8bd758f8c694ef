CREATE TABLE investigator (staff_number INTEGER PRIMARY KEY, name TEXT NOT NULL, specialty TEXT);
CREATE TABLE trial (registration_code TEXT PRIMARY KEY, title TEXT NOT NULL, phase TEXT, start_date DATE, target_enrolment INTEGER, principal_investigator_staff_number INTEGER NOT NULL REFERENCES investigator(staff_number));
CREATE TABLE site (site_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE trial_site (registration_code TEXT REFERENCES trial(registration_code), site_id INTEGER REFERENCES site(site_id), PRIMARY KEY (registration_code, site_id));
CREATE TABLE patient (patient_code TEXT PRIMARY KEY, sex TEXT, birth_year INTEGER);
CREATE TABLE enrolment (registration_code TEXT REFERENCES trial(registration_code), patient_code TEXT REFERENCES patient(patient_code), enrolment_date DATE, arm TEXT, PRIMARY KEY (registration_code, patient_code));
CREATE TABLE adverse_event (event_id INTEGER PRIMARY KEY, registration_code TEXT NOT NULL, patient_code TEXT NOT NULL, event_date DATE, description TEXT, severity_grade INTEGER, FOREIGN KEY (registration_code, patient_code) REFERENCES enrolment(registration_code, patient_code));
