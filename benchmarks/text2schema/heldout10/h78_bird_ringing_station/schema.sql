CREATE TABLE species (species_id INTEGER PRIMARY KEY, common_name TEXT, scientific_name TEXT, ring_size TEXT);
CREATE TABLE net (net_id INTEGER PRIMARY KEY, code TEXT, length_m REAL, habitat TEXT, latitude REAL, longitude REAL);
CREATE TABLE ringer (ringer_id INTEGER PRIMARY KEY, name TEXT, permit_number TEXT, permit_class TEXT, trainer_id INTEGER REFERENCES ringer(ringer_id));
CREATE TABLE bird (bird_id INTEGER PRIMARY KEY, ring_number TEXT, species_id INTEGER REFERENCES species(species_id), ringing_date DATE);
CREATE TABLE capture (capture_id INTEGER PRIMARY KEY, bird_id INTEGER REFERENCES bird(bird_id), net_id INTEGER REFERENCES net(net_id), ringer_id INTEGER REFERENCES ringer(ringer_id), captured_at DATETIME, wing_length_mm REAL, weight_g REAL, fat_score INTEGER, age_code TEXT, sex TEXT);
