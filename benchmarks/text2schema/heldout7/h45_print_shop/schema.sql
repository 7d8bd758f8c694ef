CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT, email TEXT, phone TEXT, company_name TEXT);
CREATE TABLE print_order (order_number INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), order_date DATE, due_date DATE, status TEXT);
CREATE TABLE paper_stock (stock_code TEXT PRIMARY KEY, description TEXT, weight_gsm INTEGER, sheet_size TEXT, price_per_sheet DECIMAL(10,2));
CREATE TABLE press (press_id INTEGER PRIMARY KEY, model TEXT, max_sheet_size TEXT);
CREATE TABLE print_job (job_id INTEGER PRIMARY KEY, order_number INTEGER NOT NULL REFERENCES print_order(order_number), description TEXT, copies INTEGER, is_colour BOOLEAN, stock_code TEXT NOT NULL REFERENCES paper_stock(stock_code), press_id INTEGER REFERENCES press(press_id));
