CREATE TABLE musician (musician_id INTEGER PRIMARY KEY, name TEXT, instrument TEXT, email TEXT, section_leader_id INTEGER REFERENCES musician(musician_id));
CREATE TABLE tour (tour_id INTEGER PRIMARY KEY, name TEXT, start_date DATE, end_date DATE);
CREATE TABLE tour_musician (tour_id INTEGER REFERENCES tour(tour_id), musician_id INTEGER REFERENCES musician(musician_id), daily_allowance DECIMAL(10,2), PRIMARY KEY (tour_id, musician_id));
CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, concert_date DATE, hall TEXT, tickets_sold INTEGER, tour_id INTEGER NOT NULL REFERENCES tour(tour_id));
CREATE TABLE piece (piece_id INTEGER PRIMARY KEY, title TEXT, composer TEXT, duration_minutes INTEGER);
CREATE TABLE concert_piece (concert_id INTEGER REFERENCES concert(concert_id), piece_id INTEGER REFERENCES piece(piece_id), performance_order INTEGER, PRIMARY KEY (concert_id, piece_id));
