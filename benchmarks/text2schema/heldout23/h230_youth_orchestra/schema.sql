CREATE TABLE player (player_number TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, school TEXT, instrument TEXT, parent_phone TEXT, parent_email TEXT, buddy_player_number TEXT REFERENCES player(player_number));
CREATE TABLE orchestra_instrument (asset_tag TEXT PRIMARY KEY, description TEXT NOT NULL, last_service_date DATE);
CREATE TABLE instrument_loan (loan_id INTEGER PRIMARY KEY, asset_tag TEXT NOT NULL REFERENCES orchestra_instrument(asset_tag), player_number TEXT NOT NULL REFERENCES player(player_number), date_out DATE NOT NULL, date_returned DATE);
CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, concert_date DATE NOT NULL, venue TEXT, title TEXT);
CREATE TABLE piece (piece_id INTEGER PRIMARY KEY, title TEXT NOT NULL, composer TEXT, duration_minutes INTEGER);
CREATE TABLE concert_piece (concert_id INTEGER NOT NULL REFERENCES concert(concert_id), piece_id INTEGER NOT NULL REFERENCES piece(piece_id), running_order INTEGER, PRIMARY KEY (concert_id, piece_id));
CREATE TABLE concert_player (concert_id INTEGER NOT NULL REFERENCES concert(concert_id), player_number TEXT NOT NULL REFERENCES player(player_number), seat TEXT, PRIMARY KEY (concert_id, player_number));
