CREATE TABLE ward (ward_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, floor INTEGER, number_of_beds INTEGER);
CREATE TABLE nurse (staff_number INTEGER PRIMARY KEY, name TEXT NOT NULL, qualification_level TEXT, ward_id INTEGER REFERENCES ward(ward_id), supervisor_staff_number INTEGER REFERENCES nurse(staff_number));
CREATE TABLE patient (national_health_number TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT, date_of_birth DATE);
CREATE TABLE admission (admission_id INTEGER PRIMARY KEY, national_health_number TEXT NOT NULL REFERENCES patient(national_health_number), ward_id INTEGER NOT NULL REFERENCES ward(ward_id), admission_date DATE NOT NULL, discharge_date DATE, diagnosis TEXT);
