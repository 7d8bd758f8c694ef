CREATE TABLE species (species_id INTEGER PRIMARY KEY, scientific_name TEXT, common_name TEXT, family TEXT);
CREATE TABLE collector (collector_id INTEGER PRIMARY KEY, name TEXT, organisation TEXT, email TEXT);
CREATE TABLE accession (accession_number TEXT PRIMARY KEY, collection_date DATE, collection_place TEXT, seed_count INTEGER, freezer TEXT, species_id INTEGER NOT NULL REFERENCES species(species_id), collector_id INTEGER NOT NULL REFERENCES collector(collector_id), parent_accession_number TEXT REFERENCES accession(accession_number));
CREATE TABLE germination_test (germination_test_id INTEGER PRIMARY KEY, test_date DATE, seeds_sown INTEGER, seeds_germinated INTEGER, accession_number TEXT NOT NULL REFERENCES accession(accession_number));
