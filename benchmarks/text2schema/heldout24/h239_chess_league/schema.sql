CREATE TABLE club (club_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, town TEXT, meeting_night TEXT);
CREATE TABLE player (player_number INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL, date_of_birth DATE, rating INTEGER, club_id INTEGER REFERENCES club(club_id));
CREATE TABLE season (season_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, start_date DATE, end_date DATE);
CREATE TABLE game (game_id INTEGER PRIMARY KEY, game_date DATE, round_number INTEGER, result TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2')), season_id INTEGER NOT NULL REFERENCES season(season_id), white_player_number INTEGER NOT NULL REFERENCES player(player_number), black_player_number INTEGER NOT NULL REFERENCES player(player_number));
