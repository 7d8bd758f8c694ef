CREATE TABLE applicant (applicant_id INTEGER PRIMARY KEY, national_id_number TEXT NOT NULL UNIQUE, full_name TEXT NOT NULL, date_of_birth DATE, place_of_birth TEXT);
CREATE TABLE application (application_id INTEGER PRIMARY KEY, applicant_id INTEGER NOT NULL REFERENCES applicant(applicant_id), submission_date DATE NOT NULL, application_type TEXT, status TEXT);
CREATE TABLE supporting_document (document_id INTEGER PRIMARY KEY, application_id INTEGER NOT NULL REFERENCES application(application_id), kind TEXT, reference_number TEXT, received_date DATE);
CREATE TABLE office (office_id INTEGER PRIMARY KEY, city TEXT NOT NULL, address TEXT, opening_hours TEXT);
CREATE TABLE clerk (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL, office_id INTEGER NOT NULL REFERENCES office(office_id));
CREATE TABLE appointment (appointment_id INTEGER PRIMARY KEY, application_id INTEGER NOT NULL REFERENCES application(application_id), staff_number TEXT NOT NULL REFERENCES clerk(staff_number), appointment_time TIMESTAMP NOT NULL);
CREATE TABLE passport (passport_number TEXT PRIMARY KEY, application_id INTEGER NOT NULL UNIQUE REFERENCES application(application_id), issue_date DATE NOT NULL, expiry_date DATE NOT NULL);
