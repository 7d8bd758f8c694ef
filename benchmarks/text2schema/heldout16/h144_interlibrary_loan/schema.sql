CREATE TABLE patron (card_number TEXT PRIMARY KEY, full_name TEXT NOT NULL, email TEXT, phone TEXT);
CREATE TABLE partner_library (library_code TEXT PRIMARY KEY, name TEXT NOT NULL, city TEXT, ill_desk_email TEXT);
CREATE TABLE loan_request (request_id INTEGER PRIMARY KEY, card_number TEXT NOT NULL REFERENCES patron(card_number), title TEXT NOT NULL, author TEXT, isbn TEXT, needed_by DATE, request_date DATE NOT NULL, status TEXT);
CREATE TABLE request_contact (request_id INTEGER REFERENCES loan_request(request_id), library_code TEXT REFERENCES partner_library(library_code), contact_date DATE NOT NULL, agreed BOOLEAN, PRIMARY KEY (request_id, library_code));
CREATE TABLE interlibrary_loan (loan_id INTEGER PRIMARY KEY, request_id INTEGER NOT NULL UNIQUE REFERENCES loan_request(request_id), library_code TEXT NOT NULL REFERENCES partner_library(library_code), arrival_date DATE, due_date DATE, sent_back_date DATE, fee DECIMAL(8,2));
