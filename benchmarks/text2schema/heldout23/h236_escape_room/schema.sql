CREATE TABLE room (room_id INTEGER PRIMARY KEY, name TEXT NOT NULL, theme TEXT, difficulty_rating INTEGER, min_players INTEGER, max_players INTEGER, time_limit_minutes INTEGER);
CREATE TABLE puzzle (puzzle_id INTEGER PRIMARY KEY, room_id INTEGER NOT NULL REFERENCES room(room_id), sequence_number INTEGER NOT NULL, name TEXT NOT NULL, answer TEXT);
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT);
CREATE TABLE game_master (staff_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE booking (booking_reference TEXT PRIMARY KEY, room_id INTEGER NOT NULL REFERENCES room(room_id), customer_id INTEGER NOT NULL REFERENCES customer(customer_id), staff_code TEXT REFERENCES game_master(staff_code), booking_date DATE NOT NULL, slot_time TIME NOT NULL, player_count INTEGER, price DECIMAL(7,2), team_name TEXT, escaped BOOLEAN, finish_time_seconds INTEGER);
CREATE TABLE hint (hint_id INTEGER PRIMARY KEY, booking_reference TEXT NOT NULL REFERENCES booking(booking_reference), puzzle_id INTEGER NOT NULL REFERENCES puzzle(puzzle_id), sent_at TIME NOT NULL, hint_text TEXT);
