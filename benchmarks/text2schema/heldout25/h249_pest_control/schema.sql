CREATE TABLE pest_type (pest_type_code TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE customer (customer_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, billing_address TEXT);
CREATE TABLE technician (badge_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, licence_expiry DATE, supervisor_badge_number TEXT REFERENCES technician(badge_number));
CREATE TABLE site (site_id INTEGER PRIMARY KEY, customer_number TEXT NOT NULL REFERENCES customer(customer_number), address TEXT NOT NULL, premises_type TEXT, access_notes TEXT);
CREATE TABLE product (product_code TEXT PRIMARY KEY, name TEXT NOT NULL, active_ingredient TEXT, hazard_class TEXT);
CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, site_id INTEGER NOT NULL REFERENCES site(site_id), badge_number TEXT NOT NULL REFERENCES technician(badge_number), pest_type_code TEXT NOT NULL REFERENCES pest_type(pest_type_code), visit_date DATE NOT NULL, findings TEXT, follow_up_needed BOOLEAN NOT NULL);
CREATE TABLE visit_product (visit_id INTEGER REFERENCES visit(visit_id), product_code TEXT REFERENCES product(product_code), quantity DECIMAL(8,2) NOT NULL, PRIMARY KEY (visit_id, product_code));
