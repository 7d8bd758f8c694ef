CREATE TABLE film (film_id INTEGER PRIMARY KEY, title TEXT, original_language TEXT, release_year INTEGER, runtime_minutes INTEGER);
CREATE TABLE character (character_id INTEGER PRIMARY KEY, film_id INTEGER REFERENCES film(film_id), name TEXT);
CREATE TABLE voice_actor (voice_actor_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, email TEXT, agency TEXT);
CREATE TABLE dubbing_project (dubbing_project_id INTEGER PRIMARY KEY, film_id INTEGER REFERENCES film(film_id), target_language TEXT, client_company TEXT, deadline DATE, director_id INTEGER REFERENCES voice_actor(voice_actor_id));
CREATE TABLE casting (dubbing_project_id INTEGER REFERENCES dubbing_project(dubbing_project_id), character_id INTEGER REFERENCES character(character_id), voice_actor_id INTEGER REFERENCES voice_actor(voice_actor_id), fee REAL, PRIMARY KEY (dubbing_project_id, character_id));
CREATE TABLE recording_session (recording_session_id INTEGER PRIMARY KEY, dubbing_project_id INTEGER REFERENCES dubbing_project(dubbing_project_id), voice_actor_id INTEGER REFERENCES voice_actor(voice_actor_id), session_date DATE, start_time TEXT, booth_number TEXT, hours REAL);
