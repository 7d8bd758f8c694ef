CREATE TABLE institution (institution_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
CREATE TABLE researcher (researcher_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, institution_id INTEGER NOT NULL REFERENCES institution(institution_id));
CREATE TABLE beamline (beamline_code TEXT PRIMARY KEY, name TEXT NOT NULL, technique TEXT);
CREATE TABLE proposal (reference_number TEXT PRIMARY KEY, title TEXT NOT NULL, submitted_date DATE NOT NULL, principal_investigator_id INTEGER NOT NULL REFERENCES researcher(researcher_id));
CREATE TABLE proposal_coinvestigator (reference_number TEXT NOT NULL REFERENCES proposal(reference_number), researcher_id INTEGER NOT NULL REFERENCES researcher(researcher_id), PRIMARY KEY (reference_number, researcher_id));
CREATE TABLE review (reference_number TEXT NOT NULL REFERENCES proposal(reference_number), reviewer_id INTEGER NOT NULL REFERENCES researcher(researcher_id), score INTEGER NOT NULL, comment TEXT, PRIMARY KEY (reference_number, reviewer_id));
CREATE TABLE allocation (allocation_id INTEGER PRIMARY KEY, reference_number TEXT NOT NULL REFERENCES proposal(reference_number), beamline_code TEXT NOT NULL REFERENCES beamline(beamline_code), start_time TIMESTAMP NOT NULL, shifts INTEGER NOT NULL);
