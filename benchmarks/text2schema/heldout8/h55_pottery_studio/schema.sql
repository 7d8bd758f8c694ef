CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT, email TEXT, membership_type TEXT);
CREATE TABLE kiln (kiln_id INTEGER PRIMARY KEY, name TEXT, max_temperature_c INTEGER);
CREATE TABLE piece (piece_id INTEGER PRIMARY KEY, description TEXT, clay_type TEXT, weight_g INTEGER, member_id INTEGER NOT NULL REFERENCES member(member_id));
CREATE TABLE firing (firing_id INTEGER PRIMARY KEY, firing_date DATE, firing_type TEXT, peak_temperature_c INTEGER, kiln_id INTEGER NOT NULL REFERENCES kiln(kiln_id), operator_id INTEGER NOT NULL REFERENCES member(member_id));
CREATE TABLE firing_piece (firing_id INTEGER REFERENCES firing(firing_id), piece_id INTEGER REFERENCES piece(piece_id), shelf_number INTEGER, outcome TEXT, PRIMARY KEY (firing_id, piece_id));
