CREATE TABLE discipline (discipline_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE performer (performer_id INTEGER PRIMARY KEY, stage_name TEXT NOT NULL UNIQUE, legal_name TEXT NOT NULL, nationality TEXT, date_of_birth DATE, coach_id INTEGER REFERENCES performer(performer_id));
CREATE TABLE performer_discipline (performer_id INTEGER NOT NULL REFERENCES performer(performer_id), discipline_id INTEGER NOT NULL REFERENCES discipline(discipline_id), skill_grade TEXT, PRIMARY KEY (performer_id, discipline_id));
CREATE TABLE act (act_id INTEGER PRIMARY KEY, title TEXT NOT NULL, running_minutes INTEGER, rigging_type TEXT);
CREATE TABLE act_performer (act_id INTEGER NOT NULL REFERENCES act(act_id), performer_id INTEGER NOT NULL REFERENCES performer(performer_id), role TEXT, PRIMARY KEY (act_id, performer_id));
CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT NOT NULL, town TEXT NOT NULL, max_big_top_diameter_m DECIMAL(5,1));
CREATE TABLE performance (performance_id INTEGER PRIMARY KEY, venue_id INTEGER NOT NULL REFERENCES venue(venue_id), performance_date DATE NOT NULL, start_time TIME NOT NULL, tickets_sold INTEGER, UNIQUE (venue_id, performance_date, start_time));
CREATE TABLE performance_act (performance_id INTEGER NOT NULL REFERENCES performance(performance_id), act_id INTEGER NOT NULL REFERENCES act(act_id), running_position INTEGER NOT NULL, PRIMARY KEY (performance_id, act_id), UNIQUE (performance_id, running_position));
