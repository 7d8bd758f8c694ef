CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, country TEXT, sponsor TEXT);
CREATE TABLE rider (bib_number INTEGER PRIMARY KEY, name TEXT NOT NULL, nationality TEXT, date_of_birth DATE, team_id INTEGER NOT NULL REFERENCES team(team_id));
CREATE TABLE stage (stage_number INTEGER PRIMARY KEY, stage_date DATE, start_town TEXT, finish_town TEXT, distance_km REAL);
CREATE TABLE stage_result (bib_number INTEGER REFERENCES rider(bib_number), stage_number INTEGER REFERENCES stage(stage_number), finishing_time TEXT, position INTEGER, PRIMARY KEY (bib_number, stage_number));
