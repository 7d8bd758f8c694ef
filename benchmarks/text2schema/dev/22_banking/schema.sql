CREATE TABLE branch (branch_code TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE customer (customer_number INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, address TEXT);
CREATE TABLE account (account_number TEXT PRIMARY KEY, account_type TEXT, balance DECIMAL(14,2), opening_date DATE, branch_code TEXT NOT NULL REFERENCES branch(branch_code));
CREATE TABLE account_holder (customer_number INTEGER REFERENCES customer(customer_number), account_number TEXT REFERENCES account(account_number), PRIMARY KEY (customer_number, account_number));
CREATE TABLE "transaction" (transaction_id INTEGER PRIMARY KEY, account_number TEXT NOT NULL REFERENCES account(account_number), transaction_time TIMESTAMP NOT NULL, amount DECIMAL(14,2) NOT NULL, transaction_type TEXT, description TEXT);
