CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, name TEXT NOT NULL, nationality TEXT, birth_year INTEGER, death_year INTEGER);
CREATE TABLE gallery (gallery_id INTEGER PRIMARY KEY, name TEXT NOT NULL, floor INTEGER);
CREATE TABLE artwork (inventory_number TEXT PRIMARY KEY, title TEXT NOT NULL, creation_year INTEGER, medium TEXT, estimated_value DECIMAL(14,2), artist_id INTEGER REFERENCES artist(artist_id), gallery_id INTEGER REFERENCES gallery(gallery_id));
CREATE TABLE exhibition (exhibition_id INTEGER PRIMARY KEY, title TEXT NOT NULL, start_date DATE, end_date DATE);
CREATE TABLE exhibition_artwork (exhibition_id INTEGER REFERENCES exhibition(exhibition_id), inventory_number TEXT REFERENCES artwork(inventory_number), PRIMARY KEY (exhibition_id, inventory_number));
