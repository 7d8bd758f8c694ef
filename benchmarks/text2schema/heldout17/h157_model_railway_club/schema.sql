CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, joined_date DATE, mentor_member_id INTEGER REFERENCES member(member_id));
CREATE TABLE layout (layout_id INTEGER PRIMARY KEY, name TEXT NOT NULL, scale TEXT, length_m DECIMAL(5,2), width_m DECIMAL(5,2));
CREATE TABLE layout_builder (layout_id INTEGER REFERENCES layout(layout_id), member_id INTEGER REFERENCES member(member_id), role TEXT, PRIMARY KEY (layout_id, member_id));
CREATE TABLE locomotive (locomotive_id INTEGER PRIMARY KEY, running_number TEXT, name TEXT, manufacturer TEXT, scale TEXT, dcc_address INTEGER, owner_member_id INTEGER NOT NULL REFERENCES member(member_id));
CREATE TABLE operating_session (session_id INTEGER PRIMARY KEY, layout_id INTEGER NOT NULL REFERENCES layout(layout_id), session_date DATE NOT NULL, controller_member_id INTEGER NOT NULL REFERENCES member(member_id));
CREATE TABLE session_locomotive (session_id INTEGER REFERENCES operating_session(session_id), locomotive_id INTEGER REFERENCES locomotive(locomotive_id), fault_observed TEXT, PRIMARY KEY (session_id, locomotive_id));
