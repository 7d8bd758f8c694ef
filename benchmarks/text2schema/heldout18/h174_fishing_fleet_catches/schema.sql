CREATE TABLE port (port_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
CREATE TABLE vessel (registration_number TEXT PRIMARY KEY, name TEXT NOT NULL, length_m DECIMAL(6,2), gross_tonnage DECIMAL(8,2), home_port_id INTEGER NOT NULL REFERENCES port(port_id));
CREATE TABLE fisher (licence_number TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE);
CREATE TABLE trip (trip_id INTEGER PRIMARY KEY, registration_number TEXT NOT NULL REFERENCES vessel(registration_number), skipper_licence_number TEXT NOT NULL REFERENCES fisher(licence_number), departure_port_id INTEGER NOT NULL REFERENCES port(port_id), departure_date DATE NOT NULL, landing_port_id INTEGER REFERENCES port(port_id), return_date DATE);
CREATE TABLE trip_crew (trip_id INTEGER REFERENCES trip(trip_id), licence_number TEXT REFERENCES fisher(licence_number), share_pct DECIMAL(5,2), PRIMARY KEY (trip_id, licence_number));
CREATE TABLE species (species_code TEXT PRIMARY KEY, common_name TEXT NOT NULL, scientific_name TEXT, min_landing_size_cm DECIMAL(5,1));
CREATE TABLE catch (trip_id INTEGER REFERENCES trip(trip_id), species_code TEXT REFERENCES species(species_code), weight_kg DECIMAL(10,2) NOT NULL, fishing_area_code TEXT, price_per_kg DECIMAL(8,2), PRIMARY KEY (trip_id, species_code));
