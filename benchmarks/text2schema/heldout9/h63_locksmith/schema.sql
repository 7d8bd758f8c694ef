CREATE TABLE locksmith (licence_number TEXT PRIMARY KEY, name TEXT, mobile TEXT, licence_expiry DATE);
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, billing_address TEXT);
CREATE TABLE job (job_id INTEGER PRIMARY KEY, requested_at TIMESTAMP, address TEXT, job_type TEXT, labour_charge REAL, emergency BOOLEAN, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), licence_number TEXT NOT NULL REFERENCES locksmith(licence_number));
CREATE TABLE part (part_code TEXT PRIMARY KEY, description TEXT, sale_price REAL);
CREATE TABLE job_part (job_id INTEGER REFERENCES job(job_id), part_code TEXT REFERENCES part(part_code), quantity INTEGER, price_charged REAL, PRIMARY KEY (job_id, part_code));
