CREATE TABLE opera (opera_id INTEGER PRIMARY KEY, title TEXT NOT NULL, composer TEXT NOT NULL, libretto_language TEXT, number_of_acts INTEGER);
CREATE TABLE role (role_id INTEGER PRIMARY KEY, opera_id INTEGER NOT NULL REFERENCES opera(opera_id), name TEXT NOT NULL, voice_type TEXT);
CREATE TABLE production (production_id INTEGER PRIMARY KEY, opera_id INTEGER NOT NULL REFERENCES opera(opera_id), title TEXT NOT NULL, season TEXT NOT NULL, director_name TEXT, designer_name TEXT, premiere_date DATE);
CREATE TABLE conductor (conductor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, nationality TEXT);
CREATE TABLE performance (performance_id INTEGER PRIMARY KEY, production_id INTEGER NOT NULL REFERENCES production(production_id), start_time TIMESTAMP NOT NULL, conductor_id INTEGER NOT NULL REFERENCES conductor(conductor_id));
CREATE TABLE agency (agency_id INTEGER PRIMARY KEY, name TEXT NOT NULL, contact_email TEXT);
CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, voice_type TEXT, nationality TEXT, agency_id INTEGER REFERENCES agency(agency_id));
CREATE TABLE casting (production_id INTEGER REFERENCES production(production_id), role_id INTEGER REFERENCES role(role_id), singer_id INTEGER REFERENCES singer(singer_id), fee_per_performance DECIMAL(10,2), is_first_cast BOOLEAN NOT NULL, PRIMARY KEY (production_id, role_id, singer_id));
