CREATE TABLE paper (paper_id INTEGER PRIMARY KEY, title TEXT NOT NULL, abstract TEXT, submission_date DATE, decision TEXT);
CREATE TABLE author (author_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, affiliation TEXT);
CREATE TABLE paper_author (paper_id INTEGER REFERENCES paper(paper_id), author_id INTEGER REFERENCES author(author_id), author_order INTEGER, PRIMARY KEY (paper_id, author_id));
CREATE TABLE reviewer (reviewer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, expertise TEXT);
CREATE TABLE review (paper_id INTEGER REFERENCES paper(paper_id), reviewer_id INTEGER REFERENCES reviewer(reviewer_id), score INTEGER, confidence INTEGER, comments TEXT, PRIMARY KEY (paper_id, reviewer_id));
