CREATE TABLE client_company (company_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
CREATE TABLE inventor (inventor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, nationality TEXT);
CREATE TABLE attorney (attorney_id INTEGER PRIMARY KEY, name TEXT NOT NULL, registration_number TEXT);
CREATE TABLE patent_application (application_id INTEGER PRIMARY KEY, title TEXT NOT NULL, filing_date DATE, status TEXT, grant_date DATE, company_id INTEGER NOT NULL REFERENCES client_company(company_id), attorney_id INTEGER NOT NULL REFERENCES attorney(attorney_id));
CREATE TABLE application_inventor (application_id INTEGER REFERENCES patent_application(application_id), inventor_id INTEGER REFERENCES inventor(inventor_id), list_position INTEGER, share_percent DECIMAL(5,2), PRIMARY KEY (application_id, inventor_id));
CREATE TABLE citation (citing_application_id INTEGER REFERENCES patent_application(application_id), cited_application_id INTEGER REFERENCES patent_application(application_id), raised_by TEXT, PRIMARY KEY (citing_application_id, cited_application_id));
