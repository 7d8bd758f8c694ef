CREATE TABLE editor (editor_id INTEGER PRIMARY KEY, name TEXT, email TEXT, senior_editor_id INTEGER REFERENCES editor(editor_id));
CREATE TABLE issue (issue_number INTEGER PRIMARY KEY, publication_date DATE, theme TEXT, cover_price DECIMAL(10,2));
CREATE TABLE contributor (contributor_id INTEGER PRIMARY KEY, name TEXT, email TEXT, is_freelance BOOLEAN);
CREATE TABLE article (article_id INTEGER PRIMARY KEY, title TEXT, word_count INTEGER, status TEXT, issue_number INTEGER NOT NULL REFERENCES issue(issue_number), editor_id INTEGER NOT NULL REFERENCES editor(editor_id));
CREATE TABLE article_contributor (article_id INTEGER REFERENCES article(article_id), contributor_id INTEGER REFERENCES contributor(contributor_id), byline_position INTEGER, role TEXT, PRIMARY KEY (article_id, contributor_id));
