CREATE TABLE category (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE costume (stock_code TEXT PRIMARY KEY, category_id INTEGER NOT NULL REFERENCES category(category_id), description TEXT, size TEXT, theme TEXT, daily_rate DECIMAL(8,2), replacement_value DECIMAL(8,2));
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, customer_type TEXT, vat_number TEXT);
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT NOT NULL, role TEXT);
CREATE TABLE hire (hire_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), staff_id INTEGER REFERENCES staff(staff_id), collection_date DATE NOT NULL, due_back_date DATE, return_date DATE, deposit DECIMAL(8,2));
CREATE TABLE hire_item (hire_id INTEGER NOT NULL REFERENCES hire(hire_id), stock_code TEXT NOT NULL REFERENCES costume(stock_code), agreed_rate DECIMAL(8,2), return_condition TEXT, PRIMARY KEY (hire_id, stock_code));
CREATE TABLE maintenance_job (job_id INTEGER PRIMARY KEY, stock_code TEXT NOT NULL REFERENCES costume(stock_code), staff_id INTEGER REFERENCES staff(staff_id), job_date DATE NOT NULL, work_type TEXT, cost DECIMAL(8,2));
