CREATE TABLE breed (breed_id INTEGER PRIMARY KEY, name TEXT, breed_group TEXT);
CREATE TABLE owner (membership_number INTEGER PRIMARY KEY, name TEXT, address TEXT);
CREATE TABLE dog (registration_number TEXT PRIMARY KEY, registered_name TEXT, date_of_birth DATE, sex TEXT, breed_id INTEGER NOT NULL REFERENCES breed(breed_id), membership_number INTEGER NOT NULL REFERENCES owner(membership_number), sire_registration_number TEXT REFERENCES dog(registration_number), dam_registration_number TEXT REFERENCES dog(registration_number));
CREATE TABLE show (show_id INTEGER PRIMARY KEY, name TEXT, venue TEXT, show_date DATE);
CREATE TABLE entry (show_id INTEGER REFERENCES show(show_id), registration_number TEXT REFERENCES dog(registration_number), class TEXT, placing INTEGER, PRIMARY KEY (show_id, registration_number));
