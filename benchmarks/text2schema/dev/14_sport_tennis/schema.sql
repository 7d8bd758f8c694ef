CREATE TABLE tournament (tournament_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, surface TEXT, start_date DATE, end_date DATE);
CREATE TABLE player (player_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, date_of_birth DATE, ranking INTEGER);
CREATE TABLE participation (tournament_id INTEGER REFERENCES tournament(tournament_id), player_id INTEGER REFERENCES player(player_id), seed INTEGER, PRIMARY KEY (tournament_id, player_id));
CREATE TABLE match (match_id INTEGER PRIMARY KEY, tournament_id INTEGER NOT NULL REFERENCES tournament(tournament_id), player1_id INTEGER NOT NULL REFERENCES player(player_id), player2_id INTEGER NOT NULL REFERENCES player(player_id), round TEXT, match_date DATE, score TEXT, winner_id INTEGER REFERENCES player(player_id));
