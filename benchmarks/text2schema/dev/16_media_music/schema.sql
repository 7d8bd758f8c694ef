CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, formation_year INTEGER);
CREATE TABLE album (album_id INTEGER PRIMARY KEY, title TEXT NOT NULL, release_date DATE, record_label TEXT, artist_id INTEGER NOT NULL REFERENCES artist(artist_id));
CREATE TABLE track (track_id INTEGER PRIMARY KEY, title TEXT NOT NULL, duration_seconds INTEGER, track_number INTEGER, album_id INTEGER NOT NULL REFERENCES album(album_id));
CREATE TABLE listener (username TEXT PRIMARY KEY, country TEXT);
CREATE TABLE playlist (playlist_id INTEGER PRIMARY KEY, name TEXT NOT NULL, creation_date DATE, username TEXT NOT NULL REFERENCES listener(username));
CREATE TABLE playlist_track (playlist_id INTEGER REFERENCES playlist(playlist_id), track_id INTEGER REFERENCES track(track_id), position INTEGER, PRIMARY KEY (playlist_id, track_id));
