CREATE TABLE pub (pub_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, landlord_name TEXT);
CREATE TABLE division (division_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT NOT NULL, pub_id INTEGER NOT NULL REFERENCES pub(pub_id), division_id INTEGER NOT NULL REFERENCES division(division_id));
CREATE TABLE player (registration_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, team_id INTEGER NOT NULL REFERENCES team(team_id));
CREATE TABLE fixture (fixture_id INTEGER PRIMARY KEY, fixture_date DATE NOT NULL, home_team_id INTEGER NOT NULL REFERENCES team(team_id), away_team_id INTEGER NOT NULL REFERENCES team(team_id), home_legs INTEGER, away_legs INTEGER);
CREATE TABLE game (fixture_id INTEGER NOT NULL REFERENCES fixture(fixture_id), game_number INTEGER NOT NULL, home_player_number TEXT NOT NULL REFERENCES player(registration_number), away_player_number TEXT NOT NULL REFERENCES player(registration_number), home_player_won BOOLEAN NOT NULL, highest_checkout INTEGER, PRIMARY KEY (fixture_id, game_number));
CREATE TABLE maximum_count (fixture_id INTEGER NOT NULL REFERENCES fixture(fixture_id), registration_number TEXT NOT NULL REFERENCES player(registration_number), maximums INTEGER NOT NULL, PRIMARY KEY (fixture_id, registration_number));
