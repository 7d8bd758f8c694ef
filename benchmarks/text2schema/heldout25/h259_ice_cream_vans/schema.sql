CREATE TABLE van (registration TEXT PRIMARY KEY, make TEXT, model TEXT, freezer_capacity_litres INTEGER, has_soft_serve_machine BOOLEAN NOT NULL);
CREATE TABLE driver (employee_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, start_date DATE);
CREATE TABLE round (round_code TEXT PRIMARY KEY, name TEXT NOT NULL, area TEXT, day_of_week TEXT NOT NULL);
CREATE TABLE stop (stop_id INTEGER PRIMARY KEY, round_code TEXT NOT NULL REFERENCES round(round_code), sequence_number INTEGER NOT NULL, street TEXT NOT NULL, arrival_time TEXT, UNIQUE (round_code, sequence_number));
CREATE TABLE product (product_code TEXT PRIMARY KEY, name TEXT NOT NULL, price DECIMAL(6,2) NOT NULL, category TEXT NOT NULL CHECK (category IN ('soft serve', 'cone', 'lolly', 'tub', 'drink')));
CREATE TABLE shift (shift_id INTEGER PRIMARY KEY, registration TEXT NOT NULL REFERENCES van(registration), employee_number TEXT NOT NULL REFERENCES driver(employee_number), round_code TEXT NOT NULL REFERENCES round(round_code), shift_date DATE NOT NULL, cash_takings DECIMAL(8,2), card_takings DECIMAL(8,2));
CREATE TABLE shift_stock (shift_id INTEGER REFERENCES shift(shift_id), product_code TEXT REFERENCES product(product_code), quantity_loaded INTEGER NOT NULL, quantity_returned INTEGER, PRIMARY KEY (shift_id, product_code));
