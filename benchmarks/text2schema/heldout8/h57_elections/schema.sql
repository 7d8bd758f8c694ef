CREATE TABLE party (party_id INTEGER PRIMARY KEY, name TEXT, abbreviation TEXT, founded_year INTEGER);
CREATE TABLE candidate (candidate_id INTEGER PRIMARY KEY, name TEXT, birth_date DATE, occupation TEXT, party_id INTEGER REFERENCES party(party_id));
CREATE TABLE constituency (constituency_id INTEGER PRIMARY KEY, name TEXT, registered_voters INTEGER);
CREATE TABLE election (election_id INTEGER PRIMARY KEY, election_date DATE, election_type TEXT);
CREATE TABLE candidacy (election_id INTEGER REFERENCES election(election_id), candidate_id INTEGER REFERENCES candidate(candidate_id), constituency_id INTEGER NOT NULL REFERENCES constituency(constituency_id), ballot_position INTEGER, votes_received INTEGER, PRIMARY KEY (election_id, candidate_id));
