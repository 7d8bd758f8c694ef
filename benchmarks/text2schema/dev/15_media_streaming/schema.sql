CREATE TABLE person (person_id INTEGER PRIMARY KEY, name TEXT NOT NULL, birth_date DATE);
CREATE TABLE movie (movie_id INTEGER PRIMARY KEY, title TEXT NOT NULL, release_year INTEGER, running_time INTEGER, age_rating TEXT, director_id INTEGER REFERENCES person(person_id));
CREATE TABLE cast_member (movie_id INTEGER REFERENCES movie(movie_id), actor_id INTEGER REFERENCES person(person_id), character_name TEXT, PRIMARY KEY (movie_id, actor_id));
CREATE TABLE genre (genre_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE movie_genre (movie_id INTEGER REFERENCES movie(movie_id), genre_id INTEGER REFERENCES genre(genre_id), PRIMARY KEY (movie_id, genre_id));
CREATE TABLE user (user_id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, subscription_plan TEXT);
CREATE TABLE rating (user_id INTEGER REFERENCES user(user_id), movie_id INTEGER REFERENCES movie(movie_id), stars INTEGER, rated_at TIMESTAMP, PRIMARY KEY (user_id, movie_id));
