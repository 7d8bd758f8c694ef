CREATE TABLE department (department_id INTEGER PRIMARY KEY, name TEXT NOT NULL, curator TEXT);
CREATE TABLE museum_object (accession_number TEXT PRIMARY KEY, title TEXT NOT NULL, maker TEXT, creation_date TEXT, materials TEXT, department_id INTEGER NOT NULL REFERENCES department(department_id));
CREATE TABLE conservator (conservator_id INTEGER PRIMARY KEY, name TEXT NOT NULL, specialism TEXT, email TEXT);
CREATE TABLE treatment (treatment_id INTEGER PRIMARY KEY, accession_number TEXT NOT NULL REFERENCES museum_object(accession_number), lead_conservator_id INTEGER NOT NULL REFERENCES conservator(conservator_id), received_date DATE NOT NULL, reason TEXT, condition_before TEXT, completed_date DATE);
CREATE TABLE treatment_assistant (treatment_id INTEGER REFERENCES treatment(treatment_id), conservator_id INTEGER REFERENCES conservator(conservator_id), hours DECIMAL(6,2), PRIMARY KEY (treatment_id, conservator_id));
CREATE TABLE conservation_material (material_id INTEGER PRIMARY KEY, product_name TEXT NOT NULL, supplier TEXT, hazard_class TEXT);
CREATE TABLE treatment_material (treatment_id INTEGER REFERENCES treatment(treatment_id), material_id INTEGER REFERENCES conservation_material(material_id), amount DECIMAL(10,3) NOT NULL, unit TEXT NOT NULL, PRIMARY KEY (treatment_id, material_id));
CREATE TABLE condition_photo (photo_id INTEGER PRIMARY KEY, treatment_id INTEGER NOT NULL REFERENCES treatment(treatment_id), file_name TEXT NOT NULL, date_taken DATE, view_description TEXT);
