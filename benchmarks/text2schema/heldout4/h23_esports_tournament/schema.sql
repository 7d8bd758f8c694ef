CREATE TABLE tournament (tournament_id INTEGER PRIMARY KEY, title TEXT NOT NULL, game TEXT, prize_pool DECIMAL(10,2), start_date DATE, end_date DATE);
CREATE TABLE team (team_id INTEGER PRIMARY KEY, team_name TEXT NOT NULL, home_country TEXT);
CREATE TABLE player (player_number INTEGER PRIMARY KEY, gamer_tag TEXT NOT NULL UNIQUE, real_name TEXT, date_of_birth DATE, team_id INTEGER REFERENCES team(team_id));
CREATE TABLE tournament_entry (tournament_id INTEGER REFERENCES tournament(tournament_id), team_id INTEGER REFERENCES team(team_id), seed INTEGER, final_placing INTEGER, PRIMARY KEY (tournament_id, team_id));
CREATE TABLE match (match_id INTEGER PRIMARY KEY, tournament_id INTEGER NOT NULL REFERENCES tournament(tournament_id), round_number INTEGER, scheduled_time TIMESTAMP, blue_team_id INTEGER NOT NULL REFERENCES team(team_id), red_team_id INTEGER NOT NULL REFERENCES team(team_id), winner_team_id INTEGER REFERENCES team(team_id));
CREATE TABLE player_match_stat (match_id INTEGER REFERENCES match(match_id), player_number INTEGER REFERENCES player(player_number), kills INTEGER, deaths INTEGER, assists INTEGER, PRIMARY KEY (match_id, player_number));
