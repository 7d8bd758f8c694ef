CREATE TABLE club (club_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE skater (federation_number TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, club_id INTEGER REFERENCES club(club_id));
CREATE TABLE competition (competition_id INTEGER PRIMARY KEY, name TEXT NOT NULL, host_city TEXT, start_date DATE, end_date DATE);
CREATE TABLE judge (judge_id INTEGER PRIMARY KEY, name TEXT NOT NULL, nationality TEXT, qualification_level TEXT);
CREATE TABLE category (category_id INTEGER PRIMARY KEY, competition_id INTEGER NOT NULL REFERENCES competition(competition_id), name TEXT NOT NULL, level TEXT, discipline TEXT, referee_judge_id INTEGER REFERENCES judge(judge_id));
CREATE TABLE category_judge (category_id INTEGER NOT NULL REFERENCES category(category_id), judge_id INTEGER NOT NULL REFERENCES judge(judge_id), PRIMARY KEY (category_id, judge_id));
CREATE TABLE performance (performance_id INTEGER PRIMARY KEY, category_id INTEGER NOT NULL REFERENCES category(category_id), skater_number TEXT NOT NULL REFERENCES skater(federation_number), partner_number TEXT REFERENCES skater(federation_number), segment TEXT NOT NULL, starting_order INTEGER, music_title TEXT, final_score DECIMAL(6,2), UNIQUE (category_id, skater_number, segment));
CREATE TABLE judge_mark (performance_id INTEGER NOT NULL REFERENCES performance(performance_id), judge_id INTEGER NOT NULL REFERENCES judge(judge_id), technical_score DECIMAL(6,2), components_score DECIMAL(6,2), PRIMARY KEY (performance_id, judge_id));
