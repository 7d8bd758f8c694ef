CREATE TABLE consultant (gmc_number TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE patient (hospital_number TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, blood_group TEXT, dry_weight_kg DECIMAL(5,1), access_type TEXT, consultant_gmc TEXT NOT NULL REFERENCES consultant(gmc_number));
CREATE TABLE station (station_number INTEGER PRIMARY KEY);
CREATE TABLE machine (serial_number TEXT PRIMARY KEY, model TEXT, last_service_date DATE, station_number INTEGER UNIQUE REFERENCES station(station_number));
CREATE TABLE nurse (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL, pay_band TEXT);
CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, hospital_number TEXT NOT NULL REFERENCES patient(hospital_number), station_number INTEGER NOT NULL REFERENCES station(station_number), day_of_week TEXT NOT NULL, shift TEXT NOT NULL, UNIQUE (station_number, day_of_week, shift));
CREATE TABLE treatment_session (session_id INTEGER PRIMARY KEY, hospital_number TEXT NOT NULL REFERENCES patient(hospital_number), station_number INTEGER NOT NULL REFERENCES station(station_number), nurse_staff_number TEXT NOT NULL REFERENCES nurse(staff_number), start_time TIMESTAMP NOT NULL, end_time TIMESTAMP, pre_weight_kg DECIMAL(5,1), post_weight_kg DECIMAL(5,1), blood_flow_rate_ml_min INTEGER, complications TEXT);
CREATE TABLE medication (medication_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE session_medication (session_id INTEGER NOT NULL REFERENCES treatment_session(session_id), medication_id INTEGER NOT NULL REFERENCES medication(medication_id), dose TEXT NOT NULL, time_given TIME NOT NULL, PRIMARY KEY (session_id, medication_id));
