CREATE TABLE tournament_format (tournament_format_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE player (federation_id TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, rating INTEGER, title TEXT, coach_id TEXT REFERENCES player(federation_id));
CREATE TABLE tournament (tournament_id INTEGER PRIMARY KEY, name TEXT NOT NULL, start_date DATE NOT NULL, end_date DATE, time_control TEXT, tournament_format_id INTEGER NOT NULL REFERENCES tournament_format(tournament_format_id), arbiter_id TEXT NOT NULL REFERENCES player(federation_id));
CREATE TABLE tournament_entry (tournament_id INTEGER NOT NULL REFERENCES tournament(tournament_id), federation_id TEXT NOT NULL REFERENCES player(federation_id), fee_paid DECIMAL(6,2), final_placing INTEGER, PRIMARY KEY (tournament_id, federation_id));
CREATE TABLE opening (eco_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE chess_clock (clock_number INTEGER PRIMARY KEY, model TEXT, purchase_date DATE);
CREATE TABLE game (game_id INTEGER PRIMARY KEY, tournament_id INTEGER NOT NULL REFERENCES tournament(tournament_id), round_number INTEGER NOT NULL, white_player_id TEXT NOT NULL REFERENCES player(federation_id), black_player_id TEXT NOT NULL REFERENCES player(federation_id), result TEXT, number_of_moves INTEGER, eco_code TEXT REFERENCES opening(eco_code), clock_number INTEGER REFERENCES chess_clock(clock_number));
