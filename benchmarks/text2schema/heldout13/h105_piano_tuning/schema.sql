CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, address TEXT);
CREATE TABLE tuner (tuner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, qualified_year INTEGER);
CREATE TABLE piano (piano_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), maker TEXT, model TEXT, serial_number TEXT, build_year INTEGER, piano_type TEXT);
CREATE TABLE part (part_id INTEGER PRIMARY KEY, name TEXT NOT NULL, unit_price DECIMAL(8,2));
CREATE TABLE service_visit (visit_id INTEGER PRIMARY KEY, piano_id INTEGER NOT NULL REFERENCES piano(piano_id), tuner_id INTEGER NOT NULL REFERENCES tuner(tuner_id), visit_date DATE, tuned_pitch DECIMAL(5,1), fee DECIMAL(8,2), condition_notes TEXT);
CREATE TABLE visit_part (visit_id INTEGER REFERENCES service_visit(visit_id), part_id INTEGER REFERENCES part(part_id), quantity INTEGER, PRIMARY KEY (visit_id, part_id));
