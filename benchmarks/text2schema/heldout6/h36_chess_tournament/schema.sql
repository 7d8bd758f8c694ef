CREATE TABLE club (club_id INTEGER PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE player (fide_id INTEGER PRIMARY KEY, name TEXT, rating INTEGER, country TEXT, club_id INTEGER REFERENCES club(club_id));
CREATE TABLE tournament (tournament_id INTEGER PRIMARY KEY, name TEXT, host_city TEXT, start_date DATE, end_date DATE, time_control TEXT);
CREATE TABLE tournament_entry (tournament_id INTEGER REFERENCES tournament(tournament_id), fide_id INTEGER REFERENCES player(fide_id), seed_number INTEGER, PRIMARY KEY (tournament_id, fide_id));
CREATE TABLE game (game_id INTEGER PRIMARY KEY, tournament_id INTEGER NOT NULL REFERENCES tournament(tournament_id), round_number INTEGER, played_date DATE, result TEXT, white_player_id INTEGER NOT NULL REFERENCES player(fide_id), black_player_id INTEGER NOT NULL REFERENCES player(fide_id));
