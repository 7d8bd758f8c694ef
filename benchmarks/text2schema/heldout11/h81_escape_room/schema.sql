CREATE TABLE venue (id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, phone TEXT);
CREATE TABLE room (id INTEGER PRIMARY KEY, venue_id INTEGER NOT NULL REFERENCES venue(id), name TEXT NOT NULL, theme TEXT, difficulty INTEGER, max_players INTEGER, time_limit_minutes INTEGER);
CREATE TABLE hint (id INTEGER PRIMARY KEY, room_id INTEGER NOT NULL REFERENCES room(id), sequence_number INTEGER NOT NULL, text TEXT NOT NULL);
CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT);
CREATE TABLE game_master (id INTEGER PRIMARY KEY, home_venue_id INTEGER NOT NULL REFERENCES venue(id), name TEXT NOT NULL, hire_date DATE);
CREATE TABLE booking (id INTEGER PRIMARY KEY, room_id INTEGER NOT NULL REFERENCES room(id), customer_id INTEGER NOT NULL REFERENCES customer(id), game_master_id INTEGER REFERENCES game_master(id), start_time TIMESTAMP NOT NULL, player_count INTEGER, price_paid DECIMAL(10,2), escaped BOOLEAN, finish_seconds INTEGER);
CREATE TABLE booking_hint (booking_id INTEGER NOT NULL REFERENCES booking(id), hint_id INTEGER NOT NULL REFERENCES hint(id), minute_given INTEGER, PRIMARY KEY (booking_id, hint_id));
