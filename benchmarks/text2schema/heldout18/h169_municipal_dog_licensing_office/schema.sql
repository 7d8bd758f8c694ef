CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, street_address TEXT NOT NULL, phone TEXT, email TEXT);
CREATE TABLE breed (breed_id INTEGER PRIMARY KEY, name TEXT NOT NULL, is_restricted BOOLEAN NOT NULL);
CREATE TABLE dog (microchip_number TEXT PRIMARY KEY, name TEXT NOT NULL, sex TEXT, date_of_birth DATE, colour TEXT, is_neutered BOOLEAN, owner_id INTEGER NOT NULL REFERENCES owner(owner_id), breed_id INTEGER NOT NULL REFERENCES breed(breed_id));
CREATE TABLE clerk (employee_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE licence (licence_number TEXT PRIMARY KEY, microchip_number TEXT NOT NULL REFERENCES dog(microchip_number), licence_year INTEGER NOT NULL, issue_date DATE NOT NULL, expiry_date DATE NOT NULL, fee_paid DECIMAL(8,2) NOT NULL, employee_code TEXT NOT NULL REFERENCES clerk(employee_code));
CREATE TABLE vet_clinic (clinic_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, phone TEXT);
CREATE TABLE vaccination (vaccination_id INTEGER PRIMARY KEY, microchip_number TEXT NOT NULL REFERENCES dog(microchip_number), clinic_id INTEGER NOT NULL REFERENCES vet_clinic(clinic_id), vaccination_date DATE NOT NULL, vaccine_brand TEXT, certificate_number TEXT NOT NULL);
