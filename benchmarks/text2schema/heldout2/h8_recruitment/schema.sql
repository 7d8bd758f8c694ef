CREATE TABLE company (company_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, industry TEXT, contact_email TEXT);
CREATE TABLE job_opening (opening_id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL REFERENCES company(company_id), title TEXT NOT NULL, location TEXT, salary_min DECIMAL(10,2), salary_max DECIMAL(10,2), closing_date DATE);
CREATE TABLE candidate (candidate_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, phone_number TEXT, years_of_experience INTEGER);
CREATE TABLE skill (skill_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE candidate_skill (candidate_id INTEGER REFERENCES candidate(candidate_id), skill_id INTEGER REFERENCES skill(skill_id), PRIMARY KEY (candidate_id, skill_id));
CREATE TABLE application (application_id INTEGER PRIMARY KEY, candidate_id INTEGER NOT NULL REFERENCES candidate(candidate_id), opening_id INTEGER NOT NULL REFERENCES job_opening(opening_id), submitted_date DATE, stage TEXT);
CREATE TABLE interview (interview_id INTEGER PRIMARY KEY, application_id INTEGER NOT NULL REFERENCES application(application_id), interview_datetime TIMESTAMP, interviewer_name TEXT, outcome TEXT);
