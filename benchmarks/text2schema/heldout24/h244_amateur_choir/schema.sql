CREATE TABLE singer (singer_number INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, join_date DATE, voice_part TEXT NOT NULL CHECK (voice_part IN ('soprano', 'alto', 'tenor', 'bass')), buddy_singer_number INTEGER REFERENCES singer(singer_number));
CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, concert_date DATE, venue TEXT, ticket_price DECIMAL(6,2));
CREATE TABLE piece (piece_id INTEGER PRIMARY KEY, title TEXT NOT NULL, composer TEXT, length_minutes INTEGER);
CREATE TABLE concert_piece (concert_id INTEGER REFERENCES concert(concert_id), piece_id INTEGER REFERENCES piece(piece_id), programme_position INTEGER, is_encore BOOLEAN, PRIMARY KEY (concert_id, piece_id));
CREATE TABLE sign_up (singer_number INTEGER REFERENCES singer(singer_number), concert_id INTEGER REFERENCES concert(concert_id), attended_dress_rehearsal BOOLEAN, PRIMARY KEY (singer_number, concert_id));
