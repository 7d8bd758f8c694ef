CREATE TABLE electrician (electrician_id INTEGER PRIMARY KEY, name TEXT NOT NULL, licence_number TEXT, grade TEXT, hourly_rate DECIMAL(7,2), supervisor_id INTEGER REFERENCES electrician(electrician_id));
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, phone TEXT);
CREATE TABLE job (job_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), site_address TEXT NOT NULL, description TEXT, requested_date DATE, status TEXT, lead_electrician_id INTEGER NOT NULL REFERENCES electrician(electrician_id));
CREATE TABLE job_labour (job_id INTEGER REFERENCES job(job_id), electrician_id INTEGER REFERENCES electrician(electrician_id), hours_worked DECIMAL(5,2), PRIMARY KEY (job_id, electrician_id));
CREATE TABLE material (part_code TEXT PRIMARY KEY, description TEXT NOT NULL, unit_price DECIMAL(8,2));
CREATE TABLE job_material (job_id INTEGER REFERENCES job(job_id), part_code TEXT REFERENCES material(part_code), quantity DECIMAL(8,2), PRIMARY KEY (job_id, part_code));
CREATE TABLE invoice (invoice_number TEXT PRIMARY KEY, job_id INTEGER NOT NULL UNIQUE REFERENCES job(job_id), invoice_date DATE NOT NULL, total DECIMAL(10,2), paid BOOLEAN);
