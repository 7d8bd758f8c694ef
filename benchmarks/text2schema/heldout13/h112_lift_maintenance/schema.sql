CREATE TABLE building (building_id INTEGER PRIMARY KEY, name TEXT NOT NULL, street_address TEXT, manager_name TEXT);
CREATE TABLE lift (lift_number INTEGER PRIMARY KEY, building_id INTEGER NOT NULL REFERENCES building(building_id), manufacturer TEXT, max_load_kg INTEGER, floors_served INTEGER, installation_year INTEGER);
CREATE TABLE technician (technician_id INTEGER PRIMARY KEY, name TEXT NOT NULL, mobile TEXT, grade TEXT);
CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, lift_number INTEGER NOT NULL REFERENCES lift(lift_number), inspector_id INTEGER NOT NULL REFERENCES technician(technician_id), approver_id INTEGER NOT NULL REFERENCES technician(technician_id), inspection_date DATE NOT NULL, result TEXT, remark TEXT);
CREATE TABLE defect (defect_id INTEGER PRIMARY KEY, inspection_id INTEGER NOT NULL REFERENCES inspection(inspection_id), description TEXT NOT NULL, severity TEXT, fixed BOOLEAN);
