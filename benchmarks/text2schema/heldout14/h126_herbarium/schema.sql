CREATE TABLE taxon (taxon_id INTEGER PRIMARY KEY, scientific_name TEXT NOT NULL, rank TEXT, parent_taxon_id INTEGER REFERENCES taxon(taxon_id));
CREATE TABLE specimen (accession_number TEXT PRIMARY KEY, taxon_id INTEGER NOT NULL REFERENCES taxon(taxon_id), collection_date DATE, locality TEXT, latitude DECIMAL(9,6), longitude DECIMAL(9,6), drawer TEXT);
CREATE TABLE collector (collector_id INTEGER PRIMARY KEY, name TEXT NOT NULL, birth_year INTEGER, death_year INTEGER);
CREATE TABLE specimen_collector (accession_number TEXT REFERENCES specimen(accession_number), collector_id INTEGER REFERENCES collector(collector_id), collector_number TEXT, PRIMARY KEY (accession_number, collector_id));
CREATE TABLE institution (institution_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, country TEXT);
CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, institution_id INTEGER NOT NULL REFERENCES institution(institution_id), sent_date DATE, due_date DATE, return_date DATE);
CREATE TABLE loan_specimen (loan_id INTEGER REFERENCES loan(loan_id), accession_number TEXT REFERENCES specimen(accession_number), PRIMARY KEY (loan_id, accession_number));
