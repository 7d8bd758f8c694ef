CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, home_city TEXT, stadium TEXT, founding_year INTEGER);
CREATE TABLE player (player_id INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, position TEXT, shirt_number INTEGER, team_id INTEGER REFERENCES team(team_id));
CREATE TABLE match (match_id INTEGER PRIMARY KEY, home_team_id INTEGER NOT NULL REFERENCES team(team_id), away_team_id INTEGER NOT NULL REFERENCES team(team_id), match_date DATE, stadium TEXT, home_goals INTEGER, away_goals INTEGER);
CREATE TABLE goal (goal_id INTEGER PRIMARY KEY, match_id INTEGER NOT NULL REFERENCES match(match_id), player_id INTEGER NOT NULL REFERENCES player(player_id), minute INTEGER);
