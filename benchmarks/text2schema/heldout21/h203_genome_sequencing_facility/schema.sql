CREATE TABLE research_group (group_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, department TEXT, pi_name TEXT);
CREATE TABLE facility_user (username TEXT PRIMARY KEY, full_name TEXT NOT NULL, email TEXT UNIQUE, group_id INTEGER NOT NULL REFERENCES research_group(group_id));
CREATE TABLE sample (barcode TEXT PRIMARY KEY, organism TEXT, sample_type TEXT, concentration_ng_ul DECIMAL(8,2), received_date DATE NOT NULL, submitted_by TEXT NOT NULL REFERENCES facility_user(username));
CREATE TABLE prep_kit (catalogue_number TEXT PRIMARY KEY, vendor TEXT, name TEXT NOT NULL);
CREATE TABLE sequencing_library (library_id INTEGER PRIMARY KEY, sample_barcode TEXT NOT NULL REFERENCES sample(barcode), kit_catalogue_number TEXT NOT NULL REFERENCES prep_kit(catalogue_number), technician TEXT NOT NULL REFERENCES facility_user(username), prep_date DATE);
CREATE TABLE instrument (serial_number TEXT PRIMARY KEY, model TEXT NOT NULL);
CREATE TABLE sequencing_run (run_id INTEGER PRIMARY KEY, instrument_serial TEXT NOT NULL REFERENCES instrument(serial_number), started_at TIMESTAMP, run_mode TEXT, status TEXT NOT NULL);
CREATE TABLE run_library (run_id INTEGER NOT NULL REFERENCES sequencing_run(run_id), library_id INTEGER NOT NULL REFERENCES sequencing_library(library_id), index_sequence TEXT NOT NULL, read_count INTEGER, PRIMARY KEY (run_id, library_id));
