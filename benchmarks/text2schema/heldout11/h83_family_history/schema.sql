CREATE TABLE person (id INTEGER PRIMARY KEY, first_name TEXT, surname TEXT, sex TEXT, birth_date DATE, birth_place TEXT, death_date DATE, mother_id INTEGER REFERENCES person(id), father_id INTEGER REFERENCES person(id));
CREATE TABLE marriage (id INTEGER PRIMARY KEY, first_spouse_id INTEGER NOT NULL REFERENCES person(id), second_spouse_id INTEGER NOT NULL REFERENCES person(id), marriage_date DATE, place TEXT, end_date DATE);
CREATE TABLE archive (id INTEGER PRIMARY KEY, name TEXT NOT NULL, town TEXT);
CREATE TABLE contributor (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT);
CREATE TABLE source (reference_code TEXT PRIMARY KEY, archive_id INTEGER REFERENCES archive(id), contributor_id INTEGER REFERENCES contributor(id), type TEXT, description TEXT);
CREATE TABLE source_mention (source_code TEXT NOT NULL REFERENCES source(reference_code), person_id INTEGER NOT NULL REFERENCES person(id), role TEXT, PRIMARY KEY (source_code, person_id));
