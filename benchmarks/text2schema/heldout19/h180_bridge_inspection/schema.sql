CREATE TABLE bridge (structure_number TEXT PRIMARY KEY, name TEXT, road TEXT, crosses TEXT, span_m DECIMAL(7,2), material TEXT, year_built INTEGER);
CREATE TABLE inspector (employee_number TEXT PRIMARY KEY, name TEXT NOT NULL, grade TEXT, reports_to TEXT REFERENCES inspector(employee_number));
CREATE TABLE defect_type (defect_code TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, structure_number TEXT NOT NULL REFERENCES bridge(structure_number), inspection_date DATE NOT NULL, lead_inspector TEXT NOT NULL REFERENCES inspector(employee_number), inspection_type TEXT, condition_score INTEGER);
CREATE TABLE defect (inspection_id INTEGER NOT NULL REFERENCES inspection(inspection_id), sequence_number INTEGER NOT NULL, defect_code TEXT NOT NULL REFERENCES defect_type(defect_code), element TEXT, description TEXT, severity TEXT, PRIMARY KEY (inspection_id, sequence_number));
CREATE TABLE contractor (contractor_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, phone TEXT);
CREATE TABLE works_order (order_id INTEGER PRIMARY KEY, contractor_id INTEGER NOT NULL REFERENCES contractor(contractor_id), order_date DATE NOT NULL, estimated_cost DECIMAL(10,2), completion_date DATE);
CREATE TABLE works_order_defect (order_id INTEGER NOT NULL REFERENCES works_order(order_id), inspection_id INTEGER NOT NULL, sequence_number INTEGER NOT NULL, PRIMARY KEY (order_id, inspection_id, sequence_number), FOREIGN KEY (inspection_id, sequence_number) REFERENCES defect(inspection_id, sequence_number));
