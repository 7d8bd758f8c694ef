CREATE TABLE theatre (theatre_number INTEGER PRIMARY KEY, name TEXT NOT NULL, floor INTEGER, robotic_equipped BOOLEAN NOT NULL);
CREATE TABLE staff (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL, profession TEXT NOT NULL, grade TEXT);
CREATE TABLE patient (hospital_number TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, sex TEXT);
CREATE TABLE surgical_procedure (procedure_code TEXT PRIMARY KEY, description TEXT NOT NULL, expected_duration_min INTEGER);
CREATE TABLE operation (operation_id INTEGER PRIMARY KEY, theatre_number INTEGER NOT NULL REFERENCES theatre(theatre_number), hospital_number TEXT NOT NULL REFERENCES patient(hospital_number), procedure_code TEXT NOT NULL REFERENCES surgical_procedure(procedure_code), lead_surgeon_number TEXT NOT NULL REFERENCES staff(staff_number), anaesthetist_number TEXT NOT NULL REFERENCES staff(staff_number), planned_start TIMESTAMP NOT NULL, actual_start TIMESTAMP, actual_end TIMESTAMP, status TEXT);
CREATE TABLE operation_nurse (operation_id INTEGER REFERENCES operation(operation_id), staff_number TEXT REFERENCES staff(staff_number), duty TEXT, PRIMARY KEY (operation_id, staff_number));
