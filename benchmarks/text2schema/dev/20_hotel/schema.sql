CREATE TABLE hotel (hotel_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, city TEXT, star_rating INTEGER);
CREATE TABLE room (hotel_id INTEGER REFERENCES hotel(hotel_id), room_number TEXT, room_type TEXT, nightly_rate DECIMAL(8,2), max_occupancy INTEGER, PRIMARY KEY (hotel_id, room_number));
CREATE TABLE guest (guest_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone_number TEXT, nationality TEXT);
CREATE TABLE reservation (reservation_id INTEGER PRIMARY KEY, guest_id INTEGER NOT NULL REFERENCES guest(guest_id), hotel_id INTEGER NOT NULL, room_number TEXT NOT NULL, check_in_date DATE NOT NULL, check_out_date DATE NOT NULL, number_of_guests INTEGER, total_price DECIMAL(10,2), paid BOOLEAN, FOREIGN KEY (hotel_id, room_number) REFERENCES room(hotel_id, room_number));
