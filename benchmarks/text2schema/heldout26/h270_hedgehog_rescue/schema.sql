CREATE TABLE admission_reason (admission_reason_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE finder (finder_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE pen (pen_number INTEGER PRIMARY KEY, indoor BOOLEAN NOT NULL);
CREATE TABLE volunteer (volunteer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, injection_trained BOOLEAN NOT NULL);
CREATE TABLE hedgehog (admission_number INTEGER PRIMARY KEY, admission_date DATE NOT NULL, found_location TEXT, admission_reason_id INTEGER NOT NULL REFERENCES admission_reason(admission_reason_id), finder_id INTEGER NOT NULL REFERENCES finder(finder_id), pen_number INTEGER REFERENCES pen(pen_number), fosterer_id INTEGER REFERENCES volunteer(volunteer_id), outcome TEXT, outcome_date DATE, release_site TEXT);
CREATE TABLE weighing (admission_number INTEGER NOT NULL REFERENCES hedgehog(admission_number), weigh_date DATE NOT NULL, weight_grams INTEGER NOT NULL, PRIMARY KEY (admission_number, weigh_date));
CREATE TABLE medicine (medicine_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, dose_unit TEXT NOT NULL);
CREATE TABLE treatment (treatment_id INTEGER PRIMARY KEY, admission_number INTEGER NOT NULL REFERENCES hedgehog(admission_number), medicine_id INTEGER NOT NULL REFERENCES medicine(medicine_id), dose DECIMAL(8,2) NOT NULL, given_at TIMESTAMP NOT NULL, volunteer_id INTEGER NOT NULL REFERENCES volunteer(volunteer_id));
