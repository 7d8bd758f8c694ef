CREATE TABLE director (director_id INTEGER PRIMARY KEY, name TEXT NOT NULL, nationality TEXT);
CREATE TABLE film (film_id INTEGER PRIMARY KEY, title TEXT NOT NULL, running_time_minutes INTEGER, country TEXT, release_year INTEGER, director_id INTEGER REFERENCES director(director_id));
CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, seats INTEGER);
CREATE TABLE screening (screening_id INTEGER PRIMARY KEY, film_id INTEGER NOT NULL REFERENCES film(film_id), venue_id INTEGER NOT NULL REFERENCES venue(venue_id), screening_date DATE, start_time TIME);
CREATE TABLE competition (competition_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE competition_entry (competition_id INTEGER REFERENCES competition(competition_id), film_id INTEGER REFERENCES film(film_id), PRIMARY KEY (competition_id, film_id));
CREATE TABLE jury_member (jury_member_id INTEGER PRIMARY KEY, name TEXT NOT NULL, profession TEXT, competition_id INTEGER NOT NULL REFERENCES competition(competition_id));
CREATE TABLE award (award_id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competition(competition_id), film_id INTEGER NOT NULL REFERENCES film(film_id), award_name TEXT NOT NULL, year INTEGER);
