CREATE TABLE pallet_type (type_code TEXT PRIMARY KEY, length_mm INTEGER NOT NULL, width_mm INTEGER NOT NULL, max_load_kg INTEGER, daily_hire_rate DECIMAL(6,2) NOT NULL);
CREATE TABLE depot (depot_code TEXT PRIMARY KEY, city TEXT NOT NULL);
CREATE TABLE customer (account_number TEXT PRIMARY KEY, company_name TEXT NOT NULL, billing_address TEXT);
CREATE TABLE customer_site (site_id INTEGER PRIMARY KEY, account_number TEXT NOT NULL REFERENCES customer(account_number), address TEXT NOT NULL);
CREATE TABLE issue_docket (docket_number TEXT PRIMARY KEY, depot_code TEXT NOT NULL REFERENCES depot(depot_code), site_id INTEGER NOT NULL REFERENCES customer_site(site_id), issue_date DATE NOT NULL);
CREATE TABLE issue_line (docket_number TEXT NOT NULL REFERENCES issue_docket(docket_number), type_code TEXT NOT NULL REFERENCES pallet_type(type_code), quantity INTEGER NOT NULL, PRIMARY KEY (docket_number, type_code));
CREATE TABLE transfer (transfer_id INTEGER PRIMARY KEY, from_site_id INTEGER NOT NULL REFERENCES customer_site(site_id), to_site_id INTEGER NOT NULL REFERENCES customer_site(site_id), transfer_date DATE NOT NULL, type_code TEXT NOT NULL REFERENCES pallet_type(type_code), quantity INTEGER NOT NULL);
CREATE TABLE pallet_return (return_id INTEGER PRIMARY KEY, depot_code TEXT NOT NULL REFERENCES depot(depot_code), site_id INTEGER NOT NULL REFERENCES customer_site(site_id), return_date DATE NOT NULL, type_code TEXT NOT NULL REFERENCES pallet_type(type_code), quantity_good INTEGER NOT NULL, quantity_damaged INTEGER NOT NULL);
