CREATE TABLE presenter (presenter_id INTEGER PRIMARY KEY, name TEXT NOT NULL, nickname TEXT NOT NULL UNIQUE, phone_number TEXT);
CREATE TABLE show (show_id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, weekday TEXT, start_time TIME, genre TEXT, presenter_id INTEGER NOT NULL REFERENCES presenter(presenter_id));
CREATE TABLE episode (episode_id INTEGER PRIMARY KEY, air_date DATE NOT NULL, description TEXT, show_id INTEGER NOT NULL REFERENCES show(show_id));
CREATE TABLE track (track_id INTEGER PRIMARY KEY, title TEXT NOT NULL, artist TEXT, duration_seconds INTEGER, is_local_artist BOOLEAN);
CREATE TABLE play (episode_id INTEGER REFERENCES episode(episode_id), track_id INTEGER REFERENCES track(track_id), running_order_position INTEGER, played_at TIME, PRIMARY KEY (episode_id, track_id));
