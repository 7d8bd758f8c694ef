CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, preferred_payment_method TEXT);
CREATE TABLE cleaner (cleaner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, start_date DATE);
CREATE TABLE cleaning_round (round_id INTEGER PRIMARY KEY, name TEXT NOT NULL, weekday TEXT, lead_cleaner_id INTEGER NOT NULL REFERENCES cleaner(cleaner_id));
CREATE TABLE property (property_id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES client(client_id), round_id INTEGER NOT NULL REFERENCES cleaning_round(round_id), address TEXT NOT NULL, property_type TEXT, number_of_windows INTEGER);
CREATE TABLE window_clean (clean_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES property(property_id), cleaner_id INTEGER NOT NULL REFERENCES cleaner(cleaner_id), clean_date DATE NOT NULL, price DECIMAL(8,2), paid BOOLEAN, rating INTEGER, comment TEXT);
