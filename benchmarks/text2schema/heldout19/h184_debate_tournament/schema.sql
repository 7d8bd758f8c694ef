CREATE TABLE institution (institution_code TEXT PRIMARY KEY, full_name TEXT NOT NULL, country TEXT);
CREATE TABLE team (team_id INTEGER PRIMARY KEY, institution_code TEXT NOT NULL REFERENCES institution(institution_code), name TEXT NOT NULL);
CREATE TABLE debater (debater_id INTEGER PRIMARY KEY, team_id INTEGER NOT NULL REFERENCES team(team_id), name TEXT NOT NULL, email TEXT, is_novice BOOLEAN);
CREATE TABLE debate_round (round_number INTEGER PRIMARY KEY, motion TEXT NOT NULL, start_time DATETIME);
CREATE TABLE room (room_id INTEGER PRIMARY KEY, room_name TEXT NOT NULL, building TEXT);
CREATE TABLE adjudicator (adjudicator_id INTEGER PRIMARY KEY, name TEXT NOT NULL, institution_code TEXT REFERENCES institution(institution_code), rating DECIMAL(3,1));
CREATE TABLE debate (debate_id INTEGER PRIMARY KEY, round_number INTEGER NOT NULL REFERENCES debate_round(round_number), room_id INTEGER NOT NULL REFERENCES room(room_id), proposition_team_id INTEGER NOT NULL REFERENCES team(team_id), opposition_team_id INTEGER NOT NULL REFERENCES team(team_id), winning_team_id INTEGER REFERENCES team(team_id));
CREATE TABLE debate_adjudicator (debate_id INTEGER NOT NULL REFERENCES debate(debate_id), adjudicator_id INTEGER NOT NULL REFERENCES adjudicator(adjudicator_id), is_chair BOOLEAN, PRIMARY KEY (debate_id, adjudicator_id));
CREATE TABLE speaker_score (debate_id INTEGER NOT NULL REFERENCES debate(debate_id), debater_id INTEGER NOT NULL REFERENCES debater(debater_id), score DECIMAL(4,1), PRIMARY KEY (debate_id, debater_id));
