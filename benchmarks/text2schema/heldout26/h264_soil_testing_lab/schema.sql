CREATE TABLE farm (holding_number TEXT PRIMARY KEY, farm_name TEXT NOT NULL, farmer_name TEXT, email TEXT);
CREATE TABLE test_package (test_package_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE analyte (analyte_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, unit TEXT NOT NULL, method TEXT);
CREATE TABLE package_analyte (test_package_id INTEGER NOT NULL REFERENCES test_package(test_package_id), analyte_id INTEGER NOT NULL REFERENCES analyte(analyte_id), PRIMARY KEY (test_package_id, analyte_id));
CREATE TABLE technician (staff_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE instrument (asset_tag TEXT PRIMARY KEY, model TEXT, last_calibration_date DATE);
CREATE TABLE sample (barcode TEXT PRIMARY KEY, holding_number TEXT NOT NULL REFERENCES farm(holding_number), field_name TEXT, depth_cm INTEGER, sampled_date DATE, received_date DATE NOT NULL, test_package_id INTEGER NOT NULL REFERENCES test_package(test_package_id));
CREATE TABLE result (barcode TEXT NOT NULL REFERENCES sample(barcode), analyte_id INTEGER NOT NULL REFERENCES analyte(analyte_id), measured_value DECIMAL(10,3) NOT NULL, staff_code TEXT NOT NULL REFERENCES technician(staff_code), asset_tag TEXT NOT NULL REFERENCES instrument(asset_tag), PRIMARY KEY (barcode, analyte_id));
