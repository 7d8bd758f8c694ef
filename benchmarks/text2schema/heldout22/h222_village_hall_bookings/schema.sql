CREATE TABLE room (room_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, capacity INTEGER, hourly_rate DECIMAL(6,2) NOT NULL);
CREATE TABLE hirer (hirer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, contact_person TEXT, phone TEXT, email TEXT, is_registered_charity BOOLEAN NOT NULL);
CREATE TABLE volunteer (volunteer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE standing_arrangement (standing_arrangement_id INTEGER PRIMARY KEY, hirer_id INTEGER NOT NULL REFERENCES hirer(hirer_id), weekday TEXT NOT NULL, start_time TIME NOT NULL, end_time TIME NOT NULL, first_date DATE NOT NULL, last_date DATE);
CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, hirer_id INTEGER NOT NULL REFERENCES hirer(hirer_id), booking_date DATE NOT NULL, start_time TIME NOT NULL, end_time TIME NOT NULL, purpose TEXT, standing_arrangement_id INTEGER REFERENCES standing_arrangement(standing_arrangement_id), keyholder_id INTEGER NOT NULL REFERENCES volunteer(volunteer_id), checker_id INTEGER NOT NULL REFERENCES volunteer(volunteer_id));
CREATE TABLE booking_room (booking_id INTEGER NOT NULL REFERENCES booking(booking_id), room_id INTEGER NOT NULL REFERENCES room(room_id), room_charge DECIMAL(7,2) NOT NULL, PRIMARY KEY (booking_id, room_id));
CREATE TABLE equipment (item_code TEXT PRIMARY KEY, description TEXT NOT NULL, quantity_owned INTEGER NOT NULL);
CREATE TABLE booking_equipment (booking_id INTEGER NOT NULL REFERENCES booking(booking_id), item_code TEXT NOT NULL REFERENCES equipment(item_code), quantity INTEGER NOT NULL, PRIMARY KEY (booking_id, item_code));
CREATE TABLE invoice (invoice_number TEXT PRIMARY KEY, booking_id INTEGER NOT NULL UNIQUE REFERENCES booking(booking_id), invoice_date DATE NOT NULL, amount DECIMAL(8,2) NOT NULL, paid_date DATE);
