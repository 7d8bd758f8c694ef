CREATE TABLE tank_type (tank_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE customer (account_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, billing_address TEXT NOT NULL);
CREATE TABLE property (property_id INTEGER PRIMARY KEY, account_number TEXT NOT NULL REFERENCES customer(account_number), address TEXT NOT NULL, postcode TEXT NOT NULL, tank_type_id INTEGER NOT NULL REFERENCES tank_type(tank_type_id), tank_capacity_litres INTEGER, emptying_interval_months INTEGER, access_notes TEXT);
CREATE TABLE tanker (registration TEXT PRIMARY KEY, make TEXT, model TEXT, capacity_litres INTEGER NOT NULL);
CREATE TABLE driver (employee_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, hgv_licence_expiry DATE);
CREATE TABLE treatment_works (works_code TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE waste_transfer_note (note_number TEXT PRIMARY KEY, registration TEXT NOT NULL REFERENCES tanker(registration), works_code TEXT NOT NULL REFERENCES treatment_works(works_code), discharge_date DATE NOT NULL, volume_litres INTEGER NOT NULL);
CREATE TABLE emptying_job (job_number TEXT PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES property(property_id), registration TEXT NOT NULL REFERENCES tanker(registration), note_number TEXT REFERENCES waste_transfer_note(note_number), job_date DATE NOT NULL, litres_removed INTEGER, price DECIMAL(8,2));
CREATE TABLE job_crew (job_number TEXT REFERENCES emptying_job(job_number), employee_number TEXT REFERENCES driver(employee_number), hours_worked DECIMAL(4,1), PRIMARY KEY (job_number, employee_number));
