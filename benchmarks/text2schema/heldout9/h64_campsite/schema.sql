CREATE TABLE pitch (pitch_number INTEGER PRIMARY KEY, surface_type TEXT, has_electric_hookup BOOLEAN, nightly_rate REAL);
CREATE TABLE guest (guest_id INTEGER PRIMARY KEY, full_name TEXT, phone TEXT, email TEXT, home_country TEXT);
CREATE TABLE reservation (reservation_id INTEGER PRIMARY KEY, arrival_date DATE, departure_date DATE, party_size INTEGER, bringing_dog BOOLEAN, guest_id INTEGER NOT NULL REFERENCES guest(guest_id), pitch_number INTEGER NOT NULL REFERENCES pitch(pitch_number));
CREATE TABLE equipment (equipment_id INTEGER PRIMARY KEY, name TEXT, daily_rate REAL, units_owned INTEGER);
CREATE TABLE equipment_hire (reservation_id INTEGER REFERENCES reservation(reservation_id), equipment_id INTEGER REFERENCES equipment(equipment_id), units INTEGER, days INTEGER, PRIMARY KEY (reservation_id, equipment_id));
