CREATE TABLE variety (variety_id INTEGER PRIMARY KEY, botanical_name TEXT NOT NULL, cultivar_name TEXT, common_name TEXT, family TEXT);
CREATE TABLE greenhouse (greenhouse_id INTEGER PRIMARY KEY, name TEXT NOT NULL, area_m2 DECIMAL(8,2), is_heated BOOLEAN);
CREATE TABLE mother_plant (tag_number TEXT PRIMARY KEY, variety_id INTEGER NOT NULL REFERENCES variety(variety_id), greenhouse_id INTEGER NOT NULL REFERENCES greenhouse(greenhouse_id), planting_date DATE);
CREATE TABLE propagation_method (method_id INTEGER PRIMARY KEY, name TEXT NOT NULL, typical_rooting_days INTEGER);
CREATE TABLE staff_member (staff_id INTEGER PRIMARY KEY, name TEXT NOT NULL, role TEXT);
CREATE TABLE propagation_batch (batch_id INTEGER PRIMARY KEY, tag_number TEXT REFERENCES mother_plant(tag_number), parent_batch_id INTEGER REFERENCES propagation_batch(batch_id), method_id INTEGER NOT NULL REFERENCES propagation_method(method_id), start_date DATE NOT NULL, units_started INTEGER NOT NULL, tray_location TEXT);
CREATE TABLE batch_staff (batch_id INTEGER REFERENCES propagation_batch(batch_id), staff_id INTEGER REFERENCES staff_member(staff_id), hours_spent DECIMAL(6,2), PRIMARY KEY (batch_id, staff_id));
CREATE TABLE batch_inspection (inspection_id INTEGER PRIMARY KEY, batch_id INTEGER NOT NULL REFERENCES propagation_batch(batch_id), inspection_date DATE NOT NULL, living_count INTEGER, remarks TEXT);
