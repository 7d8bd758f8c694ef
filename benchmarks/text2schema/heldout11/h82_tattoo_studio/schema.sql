CREATE TABLE artist (id INTEGER PRIMARY KEY, name TEXT NOT NULL, instagram_handle TEXT, hourly_rate DECIMAL(10,2), start_date DATE, trainer_id INTEGER REFERENCES artist(id));
CREATE TABLE client (id INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE NOT NULL, phone TEXT, email TEXT, allergies TEXT);
CREATE TABLE design (id INTEGER PRIMARY KEY, artist_id INTEGER NOT NULL REFERENCES artist(id), title TEXT NOT NULL, style TEXT, is_flash BOOLEAN);
CREATE TABLE appointment (id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES client(id), artist_id INTEGER NOT NULL REFERENCES artist(id), start_time TIMESTAMP NOT NULL, duration_hours REAL, body_placement TEXT, deposit_paid DECIMAL(10,2), total_price DECIMAL(10,2));
CREATE TABLE appointment_design (appointment_id INTEGER NOT NULL REFERENCES appointment(id), design_id INTEGER NOT NULL REFERENCES design(id), PRIMARY KEY (appointment_id, design_id));
CREATE TABLE ink (id INTEGER PRIMARY KEY, brand TEXT NOT NULL, colour_name TEXT NOT NULL, batch_number TEXT NOT NULL, expiry_date DATE);
CREATE TABLE appointment_ink (appointment_id INTEGER NOT NULL REFERENCES appointment(id), ink_id INTEGER NOT NULL REFERENCES ink(id), PRIMARY KEY (appointment_id, ink_id));
