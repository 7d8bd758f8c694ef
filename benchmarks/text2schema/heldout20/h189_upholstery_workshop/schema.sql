CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, address TEXT);
CREATE TABLE piece_type (piece_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, typical_labour_hours DECIMAL(5,2));
CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT);
CREATE TABLE fabric (fabric_code TEXT PRIMARY KEY, name TEXT NOT NULL, colour TEXT, price_per_metre DECIMAL(8,2) NOT NULL, supplier_id INTEGER NOT NULL REFERENCES supplier(supplier_id));
CREATE TABLE upholsterer (upholsterer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, hourly_rate DECIMAL(8,2));
CREATE TABLE job (job_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), piece_type_id INTEGER NOT NULL REFERENCES piece_type(piece_type_id), date_received DATE NOT NULL, promised_date DATE, status TEXT NOT NULL);
CREATE TABLE job_fabric (job_id INTEGER NOT NULL REFERENCES job(job_id), fabric_code TEXT NOT NULL REFERENCES fabric(fabric_code), metres_used DECIMAL(6,2) NOT NULL, PRIMARY KEY (job_id, fabric_code));
CREATE TABLE time_entry (upholsterer_id INTEGER NOT NULL REFERENCES upholsterer(upholsterer_id), job_id INTEGER NOT NULL REFERENCES job(job_id), work_date DATE NOT NULL, hours DECIMAL(4,2) NOT NULL, PRIMARY KEY (upholsterer_id, job_id, work_date));
