CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, billing_address TEXT, has_trade_account BOOLEAN NOT NULL);
CREATE TABLE property (property_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), address TEXT NOT NULL, postcode TEXT);
CREATE TABLE job_type (job_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE technician (staff_code TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, safe_certified BOOLEAN NOT NULL);
CREATE TABLE job (job_number TEXT PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES property(property_id), job_type_id INTEGER NOT NULL REFERENCES job_type(job_type_id), call_received_at DATETIME NOT NULL, arrived_at DATETIME, problem_description TEXT, lead_staff_code TEXT NOT NULL REFERENCES technician(staff_code), assistant_staff_code TEXT REFERENCES technician(staff_code));
CREATE TABLE part (part_number TEXT PRIMARY KEY, description TEXT NOT NULL, brand TEXT, unit_price DECIMAL(8,2) NOT NULL);
CREATE TABLE job_part (job_number TEXT NOT NULL REFERENCES job(job_number), part_number TEXT NOT NULL REFERENCES part(part_number), quantity INTEGER NOT NULL, PRIMARY KEY (job_number, part_number));
CREATE TABLE key_cutting (key_cutting_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES property(property_id), part_number TEXT NOT NULL REFERENCES part(part_number), copies INTEGER NOT NULL, cut_date DATE NOT NULL);
