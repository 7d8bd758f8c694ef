CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT NOT NULL, water_type TEXT, nearest_town TEXT);
CREATE TABLE peg (peg_id INTEGER PRIMARY KEY, venue_id INTEGER NOT NULL REFERENCES venue(venue_id), peg_number INTEGER NOT NULL, depth_m DECIMAL(4,1), access_note TEXT, UNIQUE (venue_id, peg_number));
CREATE TABLE competition (competition_id INTEGER PRIMARY KEY, venue_id INTEGER NOT NULL REFERENCES venue(venue_id), competition_date DATE NOT NULL, entry_fee DECIMAL(6,2), start_time TIME, finish_time TIME);
CREATE TABLE angler (angler_id INTEGER PRIMARY KEY, name TEXT NOT NULL, membership_number TEXT UNIQUE, home_club TEXT);
CREATE TABLE species (species_id INTEGER PRIMARY KEY, common_name TEXT NOT NULL, latin_name TEXT);
CREATE TABLE competition_entry (competition_id INTEGER REFERENCES competition(competition_id), angler_id INTEGER REFERENCES angler(angler_id), peg_id INTEGER REFERENCES peg(peg_id), final_placing INTEGER, PRIMARY KEY (competition_id, angler_id));
CREATE TABLE fish_catch (catch_id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competition(competition_id), angler_id INTEGER NOT NULL REFERENCES angler(angler_id), species_id INTEGER NOT NULL REFERENCES species(species_id), weight_grams INTEGER, catch_time TIME, returned_alive BOOLEAN);
