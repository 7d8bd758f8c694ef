CREATE TABLE book (isbn TEXT PRIMARY KEY, title TEXT NOT NULL, publication_year INTEGER, publisher TEXT);
CREATE TABLE author (author_id INTEGER PRIMARY KEY, name TEXT NOT NULL, nationality TEXT);
CREATE TABLE book_author (isbn TEXT REFERENCES book(isbn), author_id INTEGER REFERENCES author(author_id), PRIMARY KEY (isbn, author_id));
CREATE TABLE copy (barcode TEXT PRIMARY KEY, shelf_location TEXT, isbn TEXT NOT NULL REFERENCES book(isbn));
CREATE TABLE member (card_number TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT, membership_expiry DATE);
CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, barcode TEXT NOT NULL REFERENCES copy(barcode), card_number TEXT NOT NULL REFERENCES member(card_number), loan_date DATE NOT NULL, due_date DATE, return_date DATE);
