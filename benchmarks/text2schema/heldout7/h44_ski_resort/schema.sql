CREATE TABLE lift (lift_id INTEGER PRIMARY KEY, name TEXT, lift_type TEXT, capacity_per_hour INTEGER);
CREATE TABLE slope (slope_id INTEGER PRIMARY KEY, name TEXT, difficulty TEXT, length_m REAL);
CREATE TABLE lift_slope (lift_id INTEGER REFERENCES lift(lift_id), slope_id INTEGER REFERENCES slope(slope_id), PRIMARY KEY (lift_id, slope_id));
CREATE TABLE ski_pass (pass_number TEXT PRIMARY KEY, holder_name TEXT, pass_type TEXT, valid_from DATE, valid_to DATE, price DECIMAL(10,2));
CREATE TABLE scan (scan_id INTEGER PRIMARY KEY, pass_number TEXT NOT NULL REFERENCES ski_pass(pass_number), lift_id INTEGER NOT NULL REFERENCES lift(lift_id), scanned_at TIMESTAMP);
