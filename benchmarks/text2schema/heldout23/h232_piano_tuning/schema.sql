CREATE TABLE client (client_number TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT, phone TEXT, email TEXT);
CREATE TABLE piano (serial_number TEXT PRIMARY KEY, client_number TEXT NOT NULL REFERENCES client(client_number), maker TEXT, model TEXT, piano_type TEXT, year_of_manufacture INTEGER);
CREATE TABLE tuner (tuner_code TEXT PRIMARY KEY, name TEXT NOT NULL, is_apprentice BOOLEAN);
CREATE TABLE appointment (appointment_id INTEGER PRIMARY KEY, client_number TEXT NOT NULL REFERENCES client(client_number), tuner_code TEXT NOT NULL REFERENCES tuner(tuner_code), appointment_datetime DATETIME NOT NULL);
CREATE TABLE piano_tuning (appointment_id INTEGER NOT NULL REFERENCES appointment(appointment_id), serial_number TEXT NOT NULL REFERENCES piano(serial_number), pitch_found_hz DECIMAL(5,1), pitch_left_hz DECIMAL(5,1), repair_notes TEXT, PRIMARY KEY (appointment_id, serial_number));
CREATE TABLE part (part_number TEXT PRIMARY KEY, description TEXT NOT NULL, price DECIMAL(7,2));
CREATE TABLE part_fitted (appointment_id INTEGER NOT NULL REFERENCES appointment(appointment_id), serial_number TEXT NOT NULL REFERENCES piano(serial_number), part_number TEXT NOT NULL REFERENCES part(part_number), quantity INTEGER NOT NULL, PRIMARY KEY (appointment_id, serial_number, part_number));
