CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, id_document_type TEXT, id_document_number TEXT, address TEXT, phone TEXT);
CREATE TABLE staff (staff_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE category (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, max_loan_percent REAL);
CREATE TABLE loan (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(id), staff_code TEXT NOT NULL REFERENCES staff(staff_code), amount DECIMAL(10,2) NOT NULL, monthly_interest_rate REAL, start_date DATE NOT NULL, due_date DATE, status TEXT);
CREATE TABLE item (id INTEGER PRIMARY KEY, loan_id INTEGER NOT NULL REFERENCES loan(id), category_id INTEGER REFERENCES category(id), description TEXT NOT NULL, serial_number TEXT, estimated_value DECIMAL(10,2));
CREATE TABLE payment (id INTEGER PRIMARY KEY, loan_id INTEGER NOT NULL REFERENCES loan(id), staff_code TEXT REFERENCES staff(staff_code), payment_date DATE NOT NULL, amount DECIMAL(10,2) NOT NULL, method TEXT);
CREATE TABLE sale (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL UNIQUE REFERENCES item(id), buyer_id INTEGER NOT NULL REFERENCES customer(id), staff_code TEXT REFERENCES staff(staff_code), sale_date DATE NOT NULL, price DECIMAL(10,2) NOT NULL);
