CREATE TABLE language (language_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE participant (participant_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, native_language_code TEXT NOT NULL REFERENCES language(language_code));
CREATE TABLE practice_language (participant_id INTEGER REFERENCES participant(participant_id), language_code TEXT REFERENCES language(language_code), level TEXT, PRIMARY KEY (participant_id, language_code));
CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE meetup (meetup_id INTEGER PRIMARY KEY, starts_at TIMESTAMP NOT NULL, venue_id INTEGER NOT NULL REFERENCES venue(venue_id), organiser_participant_id INTEGER NOT NULL REFERENCES participant(participant_id));
CREATE TABLE meetup_attendance (meetup_id INTEGER REFERENCES meetup(meetup_id), participant_id INTEGER REFERENCES participant(participant_id), PRIMARY KEY (meetup_id, participant_id));
CREATE TABLE pairing (pairing_id INTEGER PRIMARY KEY, meetup_id INTEGER NOT NULL REFERENCES meetup(meetup_id), first_participant_id INTEGER NOT NULL REFERENCES participant(participant_id), second_participant_id INTEGER NOT NULL REFERENCES participant(participant_id), language_code TEXT NOT NULL REFERENCES language(language_code));
