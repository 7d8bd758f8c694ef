CREATE TABLE section (section_id INTEGER PRIMARY KEY, name TEXT NOT NULL, leader_musician_id INTEGER REFERENCES musician(musician_id));
CREATE TABLE musician (musician_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT, joined_date DATE, section_id INTEGER NOT NULL REFERENCES section(section_id));
CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, capacity INTEGER);
CREATE TABLE rehearsal (rehearsal_id INTEGER PRIMARY KEY, starts_at TIMESTAMP NOT NULL, venue_id INTEGER NOT NULL REFERENCES venue(venue_id));
CREATE TABLE piece (piece_id INTEGER PRIMARY KEY, title TEXT NOT NULL, composer TEXT, duration_minutes INTEGER);
CREATE TABLE rehearsal_piece (rehearsal_id INTEGER REFERENCES rehearsal(rehearsal_id), piece_id INTEGER REFERENCES piece(piece_id), running_order INTEGER, minutes_spent INTEGER, PRIMARY KEY (rehearsal_id, piece_id));
CREATE TABLE attendance (rehearsal_id INTEGER REFERENCES rehearsal(rehearsal_id), musician_id INTEGER REFERENCES musician(musician_id), present BOOLEAN NOT NULL, absence_reason TEXT, PRIMARY KEY (rehearsal_id, musician_id));
