CREATE TABLE asset_type (asset_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE watercourse (watercourse_code TEXT PRIMARY KEY, name TEXT NOT NULL, is_main_river BOOLEAN NOT NULL);
CREATE TABLE inspector (employee_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, senior_employee_number TEXT REFERENCES inspector(employee_number));
CREATE TABLE asset (asset_code TEXT PRIMARY KEY, asset_type_id INTEGER NOT NULL REFERENCES asset_type(asset_type_id), watercourse_code TEXT NOT NULL REFERENCES watercourse(watercourse_code), location_description TEXT, grid_reference TEXT, year_built INTEGER, length_m DECIMAL(8,1), design_return_period_years INTEGER);
CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, asset_code TEXT NOT NULL REFERENCES asset(asset_code), employee_number TEXT NOT NULL REFERENCES inspector(employee_number), inspection_date DATE NOT NULL, condition_grade INTEGER NOT NULL CHECK (condition_grade BETWEEN 1 AND 5), notes TEXT);
CREATE TABLE defect (defect_id INTEGER PRIMARY KEY, inspection_id INTEGER NOT NULL REFERENCES inspection(inspection_id), description TEXT NOT NULL, severity TEXT, repaired_date DATE);
CREATE TABLE village (village_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE asset_village (asset_code TEXT REFERENCES asset(asset_code), village_id INTEGER REFERENCES village(village_id), homes_protected INTEGER, PRIMARY KEY (asset_code, village_id));
