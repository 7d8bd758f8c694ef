CREATE TABLE language (language_code TEXT PRIMARY KEY, name TEXT);
CREATE TABLE translator (translator_id INTEGER PRIMARY KEY, name TEXT, email TEXT, rate_per_word DECIMAL(10,2));
CREATE TABLE translator_language (translator_id INTEGER REFERENCES translator(translator_id), language_code TEXT REFERENCES language(language_code), proficiency_level TEXT, PRIMARY KEY (translator_id, language_code));
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, company_name TEXT, contact_email TEXT);
CREATE TABLE job (job_id INTEGER PRIMARY KEY, title TEXT, word_count INTEGER, deadline DATE, price DECIMAL(10,2), customer_id INTEGER NOT NULL REFERENCES customer(customer_id), source_language_code TEXT NOT NULL REFERENCES language(language_code), target_language_code TEXT NOT NULL REFERENCES language(language_code), translator_id INTEGER REFERENCES translator(translator_id));
