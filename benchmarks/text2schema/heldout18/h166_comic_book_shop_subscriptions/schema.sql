CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT, signup_date DATE);
CREATE TABLE publisher (publisher_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
CREATE TABLE series (series_id INTEGER PRIMARY KEY, title TEXT NOT NULL, start_year INTEGER, is_ongoing BOOLEAN NOT NULL, publisher_id INTEGER NOT NULL REFERENCES publisher(publisher_id));
CREATE TABLE subscription (customer_id INTEGER REFERENCES customer(customer_id), series_id INTEGER REFERENCES series(series_id), start_date DATE NOT NULL, discount_pct DECIMAL(5,2), PRIMARY KEY (customer_id, series_id));
CREATE TABLE issue (issue_id INTEGER PRIMARY KEY, series_id INTEGER NOT NULL REFERENCES series(series_id), issue_number TEXT NOT NULL, cover_price DECIMAL(6,2), release_date DATE);
CREATE TABLE pickup (pickup_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), pickup_date DATE NOT NULL);
CREATE TABLE pickup_issue (pickup_id INTEGER REFERENCES pickup(pickup_id), issue_id INTEGER REFERENCES issue(issue_id), price_charged DECIMAL(6,2) NOT NULL, PRIMARY KEY (pickup_id, issue_id));
