CREATE TABLE play (play_id INTEGER PRIMARY KEY, title TEXT NOT NULL, playwright TEXT, year_written INTEGER);
CREATE TABLE director (director_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE production (production_id INTEGER PRIMARY KEY, play_id INTEGER NOT NULL REFERENCES play(play_id), director_id INTEGER REFERENCES director(director_id), season TEXT, opening_night DATE, closing_night DATE);
CREATE TABLE actor (union_number TEXT PRIMARY KEY, name TEXT NOT NULL, agent TEXT);
CREATE TABLE casting (production_id INTEGER REFERENCES production(production_id), union_number TEXT REFERENCES actor(union_number), role TEXT NOT NULL, PRIMARY KEY (production_id, union_number, role));
CREATE TABLE performance (performance_id INTEGER PRIMARY KEY, production_id INTEGER NOT NULL REFERENCES production(production_id), performance_date DATE, performance_time TIME);
CREATE TABLE ticket (ticket_id INTEGER PRIMARY KEY, performance_id INTEGER NOT NULL REFERENCES performance(performance_id), seat_number TEXT, price DECIMAL(8,2), buyer_email TEXT);
