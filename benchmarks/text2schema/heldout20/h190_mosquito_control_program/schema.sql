CREATE TABLE technician (employee_number TEXT PRIMARY KEY, name TEXT NOT NULL, supervisor_employee_number TEXT REFERENCES technician(employee_number));
CREATE TABLE zone (zone_code TEXT PRIMARY KEY, name TEXT NOT NULL, area_hectares DECIMAL(10,2));
CREATE TABLE trap_type (trap_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, attractant TEXT);
CREATE TABLE trap (serial_number TEXT PRIMARY KEY, trap_type_id INTEGER NOT NULL REFERENCES trap_type(trap_type_id), zone_code TEXT NOT NULL REFERENCES zone(zone_code), latitude DECIMAL(9,6), longitude DECIMAL(9,6), installed_date DATE);
CREATE TABLE species (scientific_name TEXT PRIMARY KEY, common_name TEXT, is_disease_vector BOOLEAN NOT NULL);
CREATE TABLE collection (collection_id INTEGER PRIMARY KEY, serial_number TEXT NOT NULL REFERENCES trap(serial_number), collection_date DATE NOT NULL, employee_number TEXT NOT NULL REFERENCES technician(employee_number), UNIQUE (serial_number, collection_date));
CREATE TABLE collection_count (collection_id INTEGER NOT NULL REFERENCES collection(collection_id), scientific_name TEXT NOT NULL REFERENCES species(scientific_name), specimen_count INTEGER NOT NULL, PRIMARY KEY (collection_id, scientific_name));
CREATE TABLE product (registration_number TEXT PRIMARY KEY, name TEXT NOT NULL, active_ingredient TEXT);
CREATE TABLE treatment (treatment_id INTEGER PRIMARY KEY, zone_code TEXT NOT NULL REFERENCES zone(zone_code), registration_number TEXT NOT NULL REFERENCES product(registration_number), employee_number TEXT NOT NULL REFERENCES technician(employee_number), treatment_date DATE NOT NULL, litres_applied DECIMAL(8,2) NOT NULL);
