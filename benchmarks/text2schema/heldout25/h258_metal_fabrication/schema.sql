CREATE TABLE customer (account_code TEXT PRIMARY KEY, company_name TEXT NOT NULL, contact_name TEXT, phone TEXT, email TEXT);
CREATE TABLE finish (finish_code TEXT PRIMARY KEY, description TEXT NOT NULL UNIQUE);
CREATE TABLE employee (clock_number TEXT PRIMARY KEY, name TEXT NOT NULL, trade TEXT, hourly_rate DECIMAL(6,2), foreman_clock_number TEXT REFERENCES employee(clock_number));
CREATE TABLE stock_item (stock_code TEXT PRIMARY KEY, description TEXT NOT NULL, steel_grade TEXT, unit TEXT NOT NULL, unit_cost DECIMAL(10,2));
CREATE TABLE job (job_number TEXT PRIMARY KEY, account_code TEXT NOT NULL REFERENCES customer(account_code), finish_code TEXT NOT NULL REFERENCES finish(finish_code), description TEXT, order_date DATE NOT NULL, due_date DATE, agreed_price DECIMAL(10,2));
CREATE TABLE time_entry (clock_number TEXT REFERENCES employee(clock_number), job_number TEXT REFERENCES job(job_number), work_date DATE, hours DECIMAL(4,2) NOT NULL, PRIMARY KEY (clock_number, job_number, work_date));
CREATE TABLE job_material (job_number TEXT REFERENCES job(job_number), stock_code TEXT REFERENCES stock_item(stock_code), quantity DECIMAL(10,2) NOT NULL, PRIMARY KEY (job_number, stock_code));
