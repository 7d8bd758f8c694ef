CREATE TABLE client (client_reference TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, postcode TEXT, phone TEXT);
CREATE TABLE adviser (adviser_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, training_completed_date DATE, supervisor_id INTEGER REFERENCES adviser(adviser_id));
CREATE TABLE advice_category (advice_category_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE advice_case (advice_case_id INTEGER PRIMARY KEY, client_reference TEXT NOT NULL REFERENCES client(client_reference), advice_category_id INTEGER NOT NULL REFERENCES advice_category(advice_category_id), adviser_id INTEGER NOT NULL REFERENCES adviser(adviser_id), opened_date DATE NOT NULL, closed_date DATE);
CREATE TABLE contact (contact_id INTEGER PRIMARY KEY, advice_case_id INTEGER NOT NULL REFERENCES advice_case(advice_case_id), contact_time TIMESTAMP NOT NULL, method TEXT NOT NULL, adviser_id INTEGER NOT NULL REFERENCES adviser(adviser_id), duration_minutes INTEGER);
CREATE TABLE organisation (organisation_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE referral (advice_case_id INTEGER NOT NULL REFERENCES advice_case(advice_case_id), organisation_id INTEGER NOT NULL REFERENCES organisation(organisation_id), referral_date DATE NOT NULL, PRIMARY KEY (advice_case_id, organisation_id));
