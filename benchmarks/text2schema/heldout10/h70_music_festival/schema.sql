CREATE TABLE stage (stage_id INTEGER PRIMARY KEY, name TEXT, capacity INTEGER, is_covered BOOLEAN);
CREATE TABLE festival_day (festival_day_id INTEGER PRIMARY KEY, festival_date DATE, gate_open_time TEXT, gate_close_time TEXT);
CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, name TEXT, genre TEXT, country TEXT, agent_email TEXT);
CREATE TABLE performance (performance_id INTEGER PRIMARY KEY, artist_id INTEGER REFERENCES artist(artist_id), stage_id INTEGER REFERENCES stage(stage_id), festival_day_id INTEGER REFERENCES festival_day(festival_day_id), start_time TEXT, set_length_minutes INTEGER, fee REAL);
CREATE TABLE crew_member (crew_member_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, stage_id INTEGER REFERENCES stage(stage_id), chief_id INTEGER REFERENCES crew_member(crew_member_id));
