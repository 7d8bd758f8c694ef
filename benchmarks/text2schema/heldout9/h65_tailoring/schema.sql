CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, chest_cm REAL, waist_cm REAL, inside_leg_cm REAL);
CREATE TABLE tailor (tailor_id INTEGER PRIMARY KEY, name TEXT, specialty TEXT, senior_tailor_id INTEGER REFERENCES tailor(tailor_id));
CREATE TABLE commission (commission_id INTEGER PRIMARY KEY, garment_type TEXT, ordered_date DATE, promised_date DATE, price REAL, client_id INTEGER NOT NULL REFERENCES client(client_id), tailor_id INTEGER NOT NULL REFERENCES tailor(tailor_id));
CREATE TABLE cloth (cloth_id INTEGER PRIMARY KEY, name TEXT, composition TEXT, colour TEXT, price_per_metre REAL);
CREATE TABLE cloth_usage (commission_id INTEGER REFERENCES commission(commission_id), cloth_id INTEGER REFERENCES cloth(cloth_id), metres_cut REAL, PRIMARY KEY (commission_id, cloth_id));
