CREATE TABLE court (court_code TEXT PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE judge (badge_number TEXT PRIMARY KEY, full_name TEXT, appointment_date DATE, court_code TEXT NOT NULL REFERENCES court(court_code));
CREATE TABLE party (party_id INTEGER PRIMARY KEY, name TEXT, mailing_address TEXT, is_organization BOOLEAN);
CREATE TABLE court_case (docket_number TEXT PRIMARY KEY, filing_date DATE, case_type TEXT, status TEXT, court_code TEXT NOT NULL REFERENCES court(court_code), badge_number TEXT NOT NULL REFERENCES judge(badge_number), plaintiff_id INTEGER NOT NULL REFERENCES party(party_id), defendant_id INTEGER NOT NULL REFERENCES party(party_id));
CREATE TABLE hearing (hearing_id INTEGER PRIMARY KEY, docket_number TEXT NOT NULL REFERENCES court_case(docket_number), hearing_time TIMESTAMP, courtroom TEXT, outcome TEXT);
