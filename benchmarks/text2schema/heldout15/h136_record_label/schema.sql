CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, stage_name TEXT NOT NULL, country TEXT, year_started INTEGER, is_band BOOLEAN NOT NULL, is_signed BOOLEAN NOT NULL);
CREATE TABLE band_member (band_artist_id INTEGER REFERENCES artist(artist_id), member_artist_id INTEGER REFERENCES artist(artist_id), year_joined INTEGER, PRIMARY KEY (band_artist_id, member_artist_id));
CREATE TABLE music_release (catalogue_number TEXT PRIMARY KEY, title TEXT NOT NULL, release_date DATE, format TEXT NOT NULL, primary_artist_id INTEGER NOT NULL REFERENCES artist(artist_id));
CREATE TABLE track (isrc TEXT PRIMARY KEY, title TEXT NOT NULL, duration_s INTEGER);
CREATE TABLE release_track (catalogue_number TEXT REFERENCES music_release(catalogue_number), isrc TEXT REFERENCES track(isrc), position INTEGER NOT NULL, PRIMARY KEY (catalogue_number, isrc));
CREATE TABLE track_feature (isrc TEXT REFERENCES track(isrc), artist_id INTEGER REFERENCES artist(artist_id), role TEXT NOT NULL, PRIMARY KEY (isrc, artist_id));
CREATE TABLE producer (producer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, studio TEXT);
CREATE TABLE release_producer (catalogue_number TEXT REFERENCES music_release(catalogue_number), producer_id INTEGER REFERENCES producer(producer_id), PRIMARY KEY (catalogue_number, producer_id));
