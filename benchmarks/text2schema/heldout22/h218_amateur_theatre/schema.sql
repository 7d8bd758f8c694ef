CREATE TABLE member (membership_number INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT, joined_date DATE);
CREATE TABLE play (play_id INTEGER PRIMARY KEY, title TEXT NOT NULL, playwright TEXT, genre TEXT);
CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, seating_capacity INTEGER);
CREATE TABLE production (production_id INTEGER PRIMARY KEY, play_id INTEGER NOT NULL REFERENCES play(play_id), venue_id INTEGER NOT NULL REFERENCES venue(venue_id), opening_date DATE NOT NULL, closing_date DATE, director_number INTEGER NOT NULL REFERENCES member(membership_number), stage_manager_number INTEGER REFERENCES member(membership_number));
CREATE TABLE character (character_id INTEGER PRIMARY KEY, play_id INTEGER NOT NULL REFERENCES play(play_id), name TEXT NOT NULL);
CREATE TABLE casting (production_id INTEGER NOT NULL REFERENCES production(production_id), character_id INTEGER NOT NULL REFERENCES character(character_id), membership_number INTEGER NOT NULL REFERENCES member(membership_number), is_understudy BOOLEAN NOT NULL, PRIMARY KEY (production_id, character_id, membership_number));
CREATE TABLE crew_assignment (production_id INTEGER NOT NULL REFERENCES production(production_id), membership_number INTEGER NOT NULL REFERENCES member(membership_number), crew_role TEXT NOT NULL, PRIMARY KEY (production_id, membership_number));
CREATE TABLE performance (performance_id INTEGER PRIMARY KEY, production_id INTEGER NOT NULL REFERENCES production(production_id), performance_date DATE NOT NULL, start_time TIME, tickets_sold INTEGER);
