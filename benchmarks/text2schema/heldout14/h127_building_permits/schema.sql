CREATE TABLE parcel (parcel_number TEXT PRIMARY KEY, street_address TEXT, zoning_code TEXT);
CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, registration_number TEXT);
CREATE TABLE permit_application (application_id INTEGER PRIMARY KEY, parcel_number TEXT NOT NULL REFERENCES parcel(parcel_number), owner_id INTEGER NOT NULL REFERENCES person(person_id), designer_id INTEGER NOT NULL REFERENCES person(person_id), submission_date DATE NOT NULL, work_description TEXT, estimated_cost DECIMAL(12,2), decision TEXT, decision_date DATE);
CREATE TABLE inspector (badge_number TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, application_id INTEGER NOT NULL REFERENCES permit_application(application_id), badge_number TEXT NOT NULL REFERENCES inspector(badge_number), inspection_date DATE NOT NULL, stage TEXT, result TEXT, comments TEXT);
CREATE TABLE fee_payment (payment_id INTEGER PRIMARY KEY, application_id INTEGER NOT NULL REFERENCES permit_application(application_id), amount DECIMAL(10,2) NOT NULL, payment_date DATE, fee_type TEXT);
