CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, email TEXT, voice_part TEXT, joined_date DATE, section_leader_id INTEGER REFERENCES singer(singer_id));
CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, title TEXT, concert_date DATE, venue TEXT, ticket_price REAL);
CREATE TABLE piece (piece_id INTEGER PRIMARY KEY, title TEXT, composer TEXT, duration_minutes INTEGER);
CREATE TABLE programme_item (concert_id INTEGER REFERENCES concert(concert_id), piece_id INTEGER REFERENCES piece(piece_id), running_order INTEGER, a_cappella BOOLEAN, PRIMARY KEY (concert_id, piece_id));
