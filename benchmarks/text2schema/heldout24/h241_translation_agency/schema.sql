CREATE TABLE translator (translator_id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, rate_per_word DECIMAL(6,3));
CREATE TABLE language (iso_code TEXT PRIMARY KEY, english_name TEXT NOT NULL);
CREATE TABLE translator_language (translator_id INTEGER REFERENCES translator(translator_id), iso_code TEXT REFERENCES language(iso_code), proficiency_level TEXT CHECK (proficiency_level IN ('native', 'fluent', 'professional')), certification_year INTEGER, PRIMARY KEY (translator_id, iso_code));
CREATE TABLE client (client_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, contact_person TEXT);
CREATE TABLE project (project_id INTEGER PRIMARY KEY, title TEXT NOT NULL, word_count INTEGER, deadline DATE, status TEXT, client_id INTEGER NOT NULL REFERENCES client(client_id), source_language_code TEXT NOT NULL REFERENCES language(iso_code), target_language_code TEXT NOT NULL REFERENCES language(iso_code), translator_id INTEGER REFERENCES translator(translator_id));
