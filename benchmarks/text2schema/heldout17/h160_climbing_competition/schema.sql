CREATE TABLE club (club_id INTEGER PRIMARY KEY, name TEXT NOT NULL, town TEXT);
CREATE TABLE category (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL, min_age INTEGER, max_age INTEGER);
CREATE TABLE competitor (bib_number INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, gender TEXT, club_id INTEGER REFERENCES club(club_id), category_id INTEGER NOT NULL REFERENCES category(category_id));
CREATE TABLE official (official_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE problem (problem_number INTEGER PRIMARY KEY, hold_colour TEXT, wall_sector TEXT, points INTEGER, setter_official_id INTEGER NOT NULL REFERENCES official(official_id));
CREATE TABLE result (bib_number INTEGER REFERENCES competitor(bib_number), problem_number INTEGER REFERENCES problem(problem_number), attempts INTEGER NOT NULL, reached_zone BOOLEAN NOT NULL, topped BOOLEAN NOT NULL, judge_official_id INTEGER NOT NULL REFERENCES official(official_id), PRIMARY KEY (bib_number, problem_number));
