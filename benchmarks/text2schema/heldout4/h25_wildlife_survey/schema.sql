CREATE TABLE site (site_code TEXT PRIMARY KEY, name TEXT, habitat_type TEXT, latitude REAL, longitude REAL);
CREATE TABLE observer (observer_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, email TEXT UNIQUE, first_year INTEGER, mentor_id INTEGER REFERENCES observer(observer_id));
CREATE TABLE species (scientific_name TEXT PRIMARY KEY, common_name TEXT, conservation_status TEXT);
CREATE TABLE site_allocation (observer_id INTEGER REFERENCES observer(observer_id), site_code TEXT REFERENCES site(site_code), start_date DATE, PRIMARY KEY (observer_id, site_code));
CREATE TABLE sighting (sighting_id INTEGER PRIMARY KEY, observer_id INTEGER NOT NULL REFERENCES observer(observer_id), site_code TEXT NOT NULL REFERENCES site(site_code), scientific_name TEXT NOT NULL REFERENCES species(scientific_name), sighted_at TIMESTAMP, individual_count INTEGER, photo_taken BOOLEAN);
