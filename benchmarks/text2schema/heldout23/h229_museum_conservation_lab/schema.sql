CREATE TABLE location (location_code TEXT PRIMARY KEY, name TEXT NOT NULL, target_temperature_c DECIMAL(4,1), target_relative_humidity DECIMAL(4,1));
CREATE TABLE object (accession_number TEXT PRIMARY KEY, title TEXT NOT NULL, material TEXT, date_of_making TEXT, location_code TEXT REFERENCES location(location_code));
CREATE TABLE conservator (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL, speciality TEXT);
CREATE TABLE treatment (treatment_number INTEGER PRIMARY KEY, accession_number TEXT NOT NULL REFERENCES object(accession_number), arrival_date DATE NOT NULL, departure_date DATE, condition_on_arrival TEXT, lead_staff_number TEXT NOT NULL REFERENCES conservator(staff_number), checker_staff_number TEXT REFERENCES conservator(staff_number));
CREATE TABLE material (material_id INTEGER PRIMARY KEY, product_name TEXT NOT NULL, supplier TEXT, unit TEXT);
CREATE TABLE treatment_material (treatment_number INTEGER NOT NULL REFERENCES treatment(treatment_number), material_id INTEGER NOT NULL REFERENCES material(material_id), quantity DECIMAL(8,2), PRIMARY KEY (treatment_number, material_id));
CREATE TABLE photograph (image_number TEXT PRIMARY KEY, treatment_number INTEGER NOT NULL REFERENCES treatment(treatment_number), date_taken DATE, view TEXT);
