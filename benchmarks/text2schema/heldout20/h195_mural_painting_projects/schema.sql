CREATE TABLE building_owner (owner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE surface_type (surface_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, needs_primer BOOLEAN NOT NULL);
CREATE TABLE wall (wall_id INTEGER PRIMARY KEY, street_address TEXT NOT NULL, height_m DECIMAL(5,2), width_m DECIMAL(5,2), owner_id INTEGER NOT NULL REFERENCES building_owner(owner_id), surface_type_id INTEGER NOT NULL REFERENCES surface_type(surface_type_id));
CREATE TABLE project (project_id INTEGER PRIMARY KEY, title TEXT NOT NULL, wall_id INTEGER NOT NULL REFERENCES wall(wall_id), start_date DATE, completion_date DATE, budget DECIMAL(10,2));
CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, name TEXT NOT NULL, website TEXT, instagram_handle TEXT UNIQUE);
CREATE TABLE project_artist (project_id INTEGER NOT NULL REFERENCES project(project_id), artist_id INTEGER NOT NULL REFERENCES artist(artist_id), role TEXT NOT NULL, fee DECIMAL(10,2), PRIMARY KEY (project_id, artist_id));
CREATE TABLE sponsor (sponsor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, contact_email TEXT);
CREATE TABLE project_sponsor (project_id INTEGER NOT NULL REFERENCES project(project_id), sponsor_id INTEGER NOT NULL REFERENCES sponsor(sponsor_id), amount DECIMAL(10,2) NOT NULL, PRIMARY KEY (project_id, sponsor_id));
CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES project(project_id), inspection_date DATE NOT NULL, condition_rating INTEGER NOT NULL, notes TEXT);
