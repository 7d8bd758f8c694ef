CREATE TABLE roof_type (roof_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, description TEXT);
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT);
CREATE TABLE property (property_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), street_address TEXT NOT NULL, postcode TEXT NOT NULL, roof_type_id INTEGER REFERENCES roof_type(roof_type_id));
CREATE TABLE roofer (roofer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, mobile TEXT, day_rate DECIMAL(8,2), height_certified BOOLEAN NOT NULL);
CREATE TABLE job (job_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES property(property_id), foreman_id INTEGER NOT NULL REFERENCES roofer(roofer_id), quote_date DATE, quoted_price DECIMAL(10,2), start_date DATE, status TEXT NOT NULL);
CREATE TABLE job_roofer (job_id INTEGER NOT NULL REFERENCES job(job_id), roofer_id INTEGER NOT NULL REFERENCES roofer(roofer_id), hours_worked DECIMAL(6,2), PRIMARY KEY (job_id, roofer_id));
CREATE TABLE material (product_code TEXT PRIMARY KEY, description TEXT NOT NULL, unit TEXT NOT NULL, unit_cost DECIMAL(10,2));
CREATE TABLE job_material (job_id INTEGER NOT NULL REFERENCES job(job_id), product_code TEXT NOT NULL REFERENCES material(product_code), quantity DECIMAL(10,2) NOT NULL, PRIMARY KEY (job_id, product_code));
