CREATE TABLE sign_language (language_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE interpreter (registration_number TEXT PRIMARY KEY, full_name TEXT NOT NULL, phone TEXT, accreditation_expiry DATE);
CREATE TABLE interpreter_language (registration_number TEXT NOT NULL REFERENCES interpreter(registration_number), language_code TEXT NOT NULL REFERENCES sign_language(language_code), proficiency_level TEXT, PRIMARY KEY (registration_number, language_code));
CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT NOT NULL, billing_address TEXT, contact_email TEXT);
CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES client(client_id), language_code TEXT NOT NULL REFERENCES sign_language(language_code), start_datetime DATETIME NOT NULL, duration_hours DECIMAL(5,2), venue_address TEXT, is_remote BOOLEAN);
CREATE TABLE booking_assignment (booking_id INTEGER NOT NULL REFERENCES booking(booking_id), registration_number TEXT NOT NULL REFERENCES interpreter(registration_number), role TEXT, hours_claimed DECIMAL(5,2), feedback_notes TEXT, PRIMARY KEY (booking_id, registration_number));
