CREATE TABLE patient (patient_id INTEGER PRIMARY KEY, medical_record_number TEXT, name TEXT, birth_date DATE, sex TEXT);
CREATE TABLE physician (physician_id INTEGER PRIMARY KEY, name TEXT, department TEXT, pager_number TEXT);
CREATE TABLE technician (technician_id INTEGER PRIMARY KEY, name TEXT, staff_number TEXT, grade TEXT);
CREATE TABLE test_type (test_type_id INTEGER PRIMARY KEY, code TEXT, name TEXT, tube_type TEXT, result_unit TEXT, turnaround_hours INTEGER);
CREATE TABLE sample (sample_id INTEGER PRIMARY KEY, barcode TEXT, patient_id INTEGER REFERENCES patient(patient_id), physician_id INTEGER REFERENCES physician(physician_id), collected_at DATETIME, received_at DATETIME, received_by_technician_id INTEGER REFERENCES technician(technician_id));
CREATE TABLE sample_test (sample_id INTEGER REFERENCES sample(sample_id), test_type_id INTEGER REFERENCES test_type(test_type_id), result_value REAL, resulted_at DATETIME, is_abnormal BOOLEAN, validated_by_technician_id INTEGER REFERENCES technician(technician_id), PRIMARY KEY (sample_id, test_type_id));
