CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT);
CREATE TABLE bike (frame_number TEXT PRIMARY KEY, make TEXT, model TEXT, colour TEXT, customer_id INTEGER NOT NULL REFERENCES customer(customer_id));
CREATE TABLE job_status (job_status_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE mechanic (mechanic_id INTEGER PRIMARY KEY, name TEXT NOT NULL, hourly_rate DECIMAL(6,2));
CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, account_number TEXT);
CREATE TABLE part (part_code TEXT PRIMARY KEY, description TEXT NOT NULL, selling_price DECIMAL(8,2), supplier_id INTEGER NOT NULL REFERENCES supplier(supplier_id));
CREATE TABLE job_ticket (ticket_number INTEGER PRIMARY KEY, frame_number TEXT NOT NULL REFERENCES bike(frame_number), date_in DATE NOT NULL, promised_date DATE, fault_description TEXT, job_status_id INTEGER NOT NULL REFERENCES job_status(job_status_id), mechanic_id INTEGER NOT NULL REFERENCES mechanic(mechanic_id));
CREATE TABLE ticket_part (ticket_number INTEGER NOT NULL REFERENCES job_ticket(ticket_number), part_code TEXT NOT NULL REFERENCES part(part_code), quantity INTEGER NOT NULL, PRIMARY KEY (ticket_number, part_code));
CREATE TABLE labour_entry (labour_entry_id INTEGER PRIMARY KEY, ticket_number INTEGER NOT NULL REFERENCES job_ticket(ticket_number), mechanic_id INTEGER NOT NULL REFERENCES mechanic(mechanic_id), work_date DATE NOT NULL, hours DECIMAL(5,2) NOT NULL);
