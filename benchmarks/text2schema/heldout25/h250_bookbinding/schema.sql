CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, postal_address TEXT);
CREATE TABLE binder (initials TEXT PRIMARY KEY, full_name TEXT NOT NULL, hourly_rate DECIMAL(6,2));
CREATE TABLE binding_style (style_code TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE material (material_code TEXT PRIMARY KEY, description TEXT NOT NULL, unit TEXT NOT NULL, quantity_in_stock DECIMAL(10,2));
CREATE TABLE job (job_ticket_number TEXT PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES client(client_id), lead_binder_initials TEXT NOT NULL REFERENCES binder(initials), date_received DATE NOT NULL, promised_date DATE, quoted_price DECIMAL(10,2));
CREATE TABLE book (book_id INTEGER PRIMARY KEY, job_ticket_number TEXT NOT NULL REFERENCES job(job_ticket_number), style_code TEXT REFERENCES binding_style(style_code), title TEXT NOT NULL, author TEXT, year_published INTEGER, condition_on_arrival TEXT);
CREATE TABLE book_material (book_id INTEGER REFERENCES book(book_id), material_code TEXT REFERENCES material(material_code), quantity DECIMAL(8,2) NOT NULL, PRIMARY KEY (book_id, material_code));
CREATE TABLE book_binder (book_id INTEGER REFERENCES book(book_id), binder_initials TEXT REFERENCES binder(initials), hours DECIMAL(5,2) NOT NULL, PRIMARY KEY (book_id, binder_initials));
