CREATE TABLE product (product_code TEXT PRIMARY KEY, name TEXT, description TEXT);
CREATE TABLE version (version_id INTEGER PRIMARY KEY, product_code TEXT NOT NULL REFERENCES product(product_code), version_number TEXT NOT NULL, release_date DATE, long_term_support BOOLEAN, base_version_id INTEGER REFERENCES version(version_id), UNIQUE (product_code, version_number));
CREATE TABLE developer (username TEXT PRIMARY KEY, full_name TEXT, email TEXT);
CREATE TABLE bug (bug_number INTEGER PRIMARY KEY, title TEXT, severity TEXT, reported_date DATE, product_code TEXT NOT NULL REFERENCES product(product_code), reported_by TEXT NOT NULL REFERENCES developer(username));
CREATE TABLE bug_fix (bug_number INTEGER REFERENCES bug(bug_number), version_id INTEGER REFERENCES version(version_id), commit_hash TEXT, username TEXT NOT NULL REFERENCES developer(username), PRIMARY KEY (bug_number, version_id));
