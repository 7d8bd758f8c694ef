CREATE TABLE club (club_id INTEGER PRIMARY KEY, name TEXT NOT NULL, home_ground TEXT, contact_email TEXT);
CREATE TABLE age_group (age_group_id INTEGER PRIMARY KEY, name TEXT NOT NULL, max_age INTEGER NOT NULL);
CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT NOT NULL, club_id INTEGER NOT NULL REFERENCES club(club_id), age_group_id INTEGER NOT NULL REFERENCES age_group(age_group_id));
CREATE TABLE player (registration_number TEXT PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL, date_of_birth DATE NOT NULL, parent_phone TEXT, team_id INTEGER NOT NULL REFERENCES team(team_id));
CREATE TABLE coach (coach_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, safeguarding_expiry DATE);
CREATE TABLE team_coach (team_id INTEGER REFERENCES team(team_id), coach_id INTEGER REFERENCES coach(coach_id), PRIMARY KEY (team_id, coach_id));
CREATE TABLE referee (referee_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE game (game_id INTEGER PRIMARY KEY, home_team_id INTEGER NOT NULL REFERENCES team(team_id), away_team_id INTEGER NOT NULL REFERENCES team(team_id), kickoff TIMESTAMP NOT NULL, referee_id INTEGER REFERENCES referee(referee_id), home_goals INTEGER, away_goals INTEGER);
CREATE TABLE game_scorer (game_id INTEGER REFERENCES game(game_id), registration_number TEXT REFERENCES player(registration_number), goals INTEGER NOT NULL, PRIMARY KEY (game_id, registration_number));
