CREATE TABLE pub (id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE team (id INTEGER PRIMARY KEY, home_pub_id INTEGER REFERENCES pub(id), name TEXT NOT NULL UNIQUE);
CREATE TABLE player (id INTEGER PRIMARY KEY, team_id INTEGER NOT NULL REFERENCES team(id), name TEXT NOT NULL, email TEXT);
CREATE TABLE quizmaster (id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE question (id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL REFERENCES quizmaster(id), text TEXT NOT NULL, answer TEXT NOT NULL, category TEXT, difficulty INTEGER);
CREATE TABLE quiz_night (id INTEGER PRIMARY KEY, pub_id INTEGER NOT NULL REFERENCES pub(id), host_id INTEGER NOT NULL REFERENCES quizmaster(id), quiz_date DATE NOT NULL, entry_fee DECIMAL(10,2));
CREATE TABLE quiz_night_question (quiz_night_id INTEGER NOT NULL REFERENCES quiz_night(id), question_id INTEGER NOT NULL REFERENCES question(id), round_number INTEGER NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (quiz_night_id, question_id));
CREATE TABLE quiz_night_team (quiz_night_id INTEGER NOT NULL REFERENCES quiz_night(id), team_id INTEGER NOT NULL REFERENCES team(id), score INTEGER, finishing_place INTEGER, PRIMARY KEY (quiz_night_id, team_id));
