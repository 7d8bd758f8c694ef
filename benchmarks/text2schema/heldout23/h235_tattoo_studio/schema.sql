CREATE TABLE artist (licence_number TEXT PRIMARY KEY, name TEXT NOT NULL, instagram_handle TEXT, commission_percentage DECIMAL(5,2));
CREATE TABLE client (client_number INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE NOT NULL, phone TEXT, allergies TEXT);
CREATE TABLE design (design_id INTEGER PRIMARY KEY, client_number INTEGER NOT NULL REFERENCES client(client_number), designer_licence_number TEXT NOT NULL REFERENCES artist(licence_number), description TEXT, body_placement TEXT);
CREATE TABLE session (session_id INTEGER PRIMARY KEY, design_id INTEGER NOT NULL REFERENCES design(design_id), artist_licence_number TEXT NOT NULL REFERENCES artist(licence_number), session_date DATE NOT NULL, start_time TIME NOT NULL, deposit DECIMAL(7,2), expected_hours DECIMAL(4,1), agreed_price DECIMAL(7,2));
CREATE TABLE ink (ink_id INTEGER PRIMARY KEY, manufacturer TEXT NOT NULL, colour_name TEXT NOT NULL);
CREATE TABLE ink_batch (ink_batch_id INTEGER PRIMARY KEY, ink_id INTEGER NOT NULL REFERENCES ink(ink_id), batch_number TEXT NOT NULL, expiry_date DATE);
CREATE TABLE session_ink (session_id INTEGER NOT NULL REFERENCES session(session_id), ink_batch_id INTEGER NOT NULL REFERENCES ink_batch(ink_batch_id), PRIMARY KEY (session_id, ink_batch_id));
CREATE TABLE review (session_id INTEGER PRIMARY KEY REFERENCES session(session_id), review_date DATE, star_rating INTEGER NOT NULL, comment TEXT);
