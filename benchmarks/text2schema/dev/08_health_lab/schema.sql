CREATE TABLE patient (patient_id INTEGER PRIMARY KEY, name TEXT NOT NULL, birth_date DATE);
CREATE TABLE sample (barcode TEXT PRIMARY KEY, collection_time TIMESTAMP, sample_type TEXT, patient_id INTEGER NOT NULL REFERENCES patient(patient_id));
CREATE TABLE test (test_code TEXT PRIMARY KEY, name TEXT NOT NULL, unit TEXT, normal_low REAL, normal_high REAL);
CREATE TABLE technician (technician_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE test_result (barcode TEXT REFERENCES sample(barcode), test_code TEXT REFERENCES test(test_code), measured_value REAL, analysed_at TIMESTAMP, technician_id INTEGER REFERENCES technician(technician_id), PRIMARY KEY (barcode, test_code));
