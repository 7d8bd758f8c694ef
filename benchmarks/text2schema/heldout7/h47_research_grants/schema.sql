CREATE TABLE department (department_id INTEGER PRIMARY KEY, name TEXT, faculty TEXT);
CREATE TABLE researcher (orcid TEXT PRIMARY KEY, name TEXT, email TEXT, department_id INTEGER NOT NULL REFERENCES department(department_id));
CREATE TABLE funding_agency (agency_id INTEGER PRIMARY KEY, name TEXT, country TEXT);
CREATE TABLE research_grant (grant_number TEXT PRIMARY KEY, title TEXT, amount DECIMAL(10,2), start_date DATE, end_date DATE, agency_id INTEGER NOT NULL REFERENCES funding_agency(agency_id), principal_investigator_orcid TEXT NOT NULL REFERENCES researcher(orcid));
CREATE TABLE participation (grant_number TEXT REFERENCES research_grant(grant_number), orcid TEXT REFERENCES researcher(orcid), role TEXT, effort_percent REAL, PRIMARY KEY (grant_number, orcid));
