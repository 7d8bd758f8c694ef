CREATE TABLE host (host_id INTEGER PRIMARY KEY, name TEXT NOT NULL, biography TEXT);
CREATE TABLE show (show_id INTEGER PRIMARY KEY, title TEXT NOT NULL, description TEXT, language TEXT, host_id INTEGER REFERENCES host(host_id));
CREATE TABLE episode (episode_id INTEGER PRIMARY KEY, show_id INTEGER NOT NULL REFERENCES show(show_id), episode_number INTEGER, title TEXT NOT NULL, release_date DATE, duration_minutes INTEGER, audio_url TEXT);
CREATE TABLE guest (guest_id INTEGER PRIMARY KEY, name TEXT NOT NULL, profession TEXT);
CREATE TABLE episode_guest (episode_id INTEGER REFERENCES episode(episode_id), guest_id INTEGER REFERENCES guest(guest_id), PRIMARY KEY (episode_id, guest_id));
CREATE TABLE subscriber (subscriber_id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE);
CREATE TABLE subscription (subscriber_id INTEGER REFERENCES subscriber(subscriber_id), show_id INTEGER REFERENCES show(show_id), subscribed_date DATE, PRIMARY KEY (subscriber_id, show_id));
