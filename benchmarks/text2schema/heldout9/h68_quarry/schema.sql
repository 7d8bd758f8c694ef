CREATE TABLE product (product_id INTEGER PRIMARY KEY, name TEXT, nominal_size_mm REAL, price_per_tonne REAL);
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, company_name TEXT, contact_phone TEXT, credit_limit REAL);
CREATE TABLE truck (registration TEXT PRIMARY KEY, haulage_firm TEXT, tare_weight_t REAL);
CREATE TABLE weighbridge_ticket (ticket_number INTEGER PRIMARY KEY, weighed_at TIMESTAMP, gross_weight_t REAL, driver_name TEXT, registration TEXT NOT NULL REFERENCES truck(registration), product_id INTEGER NOT NULL REFERENCES product(product_id), customer_id INTEGER NOT NULL REFERENCES customer(customer_id));
