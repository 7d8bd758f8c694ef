CREATE TABLE game (game_id INTEGER PRIMARY KEY, name TEXT, publisher TEXT, min_players INTEGER, max_players INTEGER, playing_time_minutes INTEGER);
CREATE TABLE game_copy (barcode TEXT PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES game(game_id), condition TEXT, purchase_date DATE);
CREATE TABLE member (membership_number INTEGER PRIMARY KEY, name TEXT, email TEXT UNIQUE, join_date DATE);
CREATE TABLE cafe_table (table_number INTEGER PRIMARY KEY, seats INTEGER);
CREATE TABLE reservation (reservation_id INTEGER PRIMARY KEY, membership_number INTEGER NOT NULL REFERENCES member(membership_number), table_number INTEGER NOT NULL REFERENCES cafe_table(table_number), start_time TIMESTAMP, party_size INTEGER, cover_charge DECIMAL(10,2));
CREATE TABLE copy_usage (reservation_id INTEGER REFERENCES reservation(reservation_id), barcode TEXT REFERENCES game_copy(barcode), pieces_missing BOOLEAN, PRIMARY KEY (reservation_id, barcode));
