CREATE TABLE institution (institution_id INTEGER PRIMARY KEY, name TEXT, country TEXT);
CREATE TABLE astronomer (astronomer_id INTEGER PRIMARY KEY, name TEXT, email TEXT, institution_id INTEGER NOT NULL REFERENCES institution(institution_id));
CREATE TABLE telescope (telescope_id INTEGER PRIMARY KEY, name TEXT, aperture_m REAL, site TEXT);
CREATE TABLE proposal (proposal_code TEXT PRIMARY KEY, title TEXT, abstract TEXT, submission_date DATE, approved_hours REAL);
CREATE TABLE proposal_member (proposal_code TEXT REFERENCES proposal(proposal_code), astronomer_id INTEGER REFERENCES astronomer(astronomer_id), role TEXT, PRIMARY KEY (proposal_code, astronomer_id));
CREATE TABLE observation (observation_id INTEGER PRIMARY KEY, proposal_code TEXT NOT NULL REFERENCES proposal(proposal_code), telescope_id INTEGER NOT NULL REFERENCES telescope(telescope_id), start_time TIMESTAMP, end_time TIMESTAMP, target_name TEXT, seeing_arcsec REAL);
