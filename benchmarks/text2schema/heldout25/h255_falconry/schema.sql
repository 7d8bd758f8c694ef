CREATE TABLE species (species_code TEXT PRIMARY KEY, common_name TEXT NOT NULL, latin_name TEXT NOT NULL UNIQUE);
CREATE TABLE falconer (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL, mobile TEXT, experience_level TEXT);
CREATE TABLE bird (ring_number TEXT PRIMARY KEY, name TEXT NOT NULL, species_code TEXT NOT NULL REFERENCES species(species_code), sex TEXT, hatch_date DATE, father_ring_number TEXT REFERENCES bird(ring_number), mother_ring_number TEXT REFERENCES bird(ring_number), handler_staff_number TEXT NOT NULL REFERENCES falconer(staff_number));
CREATE TABLE weighing (ring_number TEXT REFERENCES bird(ring_number), weigh_date DATE, weight_g INTEGER NOT NULL, food_given_g INTEGER, PRIMARY KEY (ring_number, weigh_date));
CREATE TABLE client (client_id INTEGER PRIMARY KEY, organisation_name TEXT NOT NULL, contact_name TEXT, phone TEXT, email TEXT);
CREATE TABLE display (display_id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES client(client_id), display_date DATE NOT NULL, venue TEXT NOT NULL, fee DECIMAL(8,2));
CREATE TABLE display_bird (display_id INTEGER REFERENCES display(display_id), ring_number TEXT REFERENCES bird(ring_number), flown_by_staff_number TEXT NOT NULL REFERENCES falconer(staff_number), PRIMARY KEY (display_id, ring_number));
