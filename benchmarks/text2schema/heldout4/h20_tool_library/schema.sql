CREATE TABLE member (card_number INTEGER PRIMARY KEY, name TEXT NOT NULL, street_address TEXT, email TEXT UNIQUE, join_date DATE);
CREATE TABLE category (category_name TEXT PRIMARY KEY, max_loan_days INTEGER);
CREATE TABLE tool (inventory_tag TEXT PRIMARY KEY, description TEXT, brand TEXT, purchase_price DECIMAL(10,2), current_condition TEXT, category_name TEXT NOT NULL REFERENCES category(category_name));
CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, card_number INTEGER NOT NULL REFERENCES member(card_number), start_date DATE, due_date DATE);
CREATE TABLE loan_item (loan_id INTEGER REFERENCES loan(loan_id), inventory_tag TEXT REFERENCES tool(inventory_tag), return_date DATE, damage_remarks TEXT, PRIMARY KEY (loan_id, inventory_tag));
CREATE TABLE review (review_id INTEGER PRIMARY KEY, card_number INTEGER NOT NULL REFERENCES member(card_number), inventory_tag TEXT NOT NULL REFERENCES tool(inventory_tag), star_rating INTEGER, comment TEXT, written_date DATE);
