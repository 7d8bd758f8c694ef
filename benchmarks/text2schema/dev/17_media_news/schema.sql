CREATE TABLE section (section_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, description TEXT);
CREATE TABLE journalist (journalist_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, hire_date DATE);
CREATE TABLE editor (editor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE);
CREATE TABLE article (article_id INTEGER PRIMARY KEY, headline TEXT NOT NULL, body TEXT, published_at TIMESTAMP, word_count INTEGER, section_id INTEGER NOT NULL REFERENCES section(section_id), editor_id INTEGER REFERENCES editor(editor_id));
CREATE TABLE article_journalist (article_id INTEGER REFERENCES article(article_id), journalist_id INTEGER REFERENCES journalist(journalist_id), PRIMARY KEY (article_id, journalist_id));
CREATE TABLE comment (comment_id INTEGER PRIMARY KEY, article_id INTEGER NOT NULL REFERENCES article(article_id), nickname TEXT, text TEXT NOT NULL, posted_at TIMESTAMP);
