CREATE TABLE donor (donor_number INTEGER PRIMARY KEY, full_name TEXT, date_of_birth DATE, blood_group TEXT, phone_number TEXT UNIQUE);
CREATE TABLE donation_centre (centre_code TEXT PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE nurse (staff_number INTEGER PRIMARY KEY, name TEXT, registration_date DATE);
CREATE TABLE donation (donation_id INTEGER PRIMARY KEY, donor_number INTEGER NOT NULL REFERENCES donor(donor_number), centre_code TEXT NOT NULL REFERENCES donation_centre(centre_code), staff_number INTEGER NOT NULL REFERENCES nurse(staff_number), donation_date DATE, volume_ml INTEGER, haemoglobin_reading REAL);
CREATE TABLE screening_test (test_code TEXT PRIMARY KEY, name TEXT);
CREATE TABLE screening_result (donation_id INTEGER REFERENCES donation(donation_id), test_code TEXT REFERENCES screening_test(test_code), test_date DATE, result TEXT, rejected BOOLEAN, PRIMARY KEY (donation_id, test_code));
