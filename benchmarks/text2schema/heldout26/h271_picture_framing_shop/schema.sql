CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT NOT NULL, email TEXT);
CREATE TABLE staff (initials TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, minimum_order_value DECIMAL(8,2));
CREATE TABLE moulding (product_code TEXT PRIMARY KEY, profile_description TEXT, finish TEXT, price_per_metre DECIMAL(8,2) NOT NULL, supplier_id INTEGER NOT NULL REFERENCES supplier(supplier_id));
CREATE TABLE glazing_type (glazing_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, price_per_square_metre DECIMAL(8,2) NOT NULL);
CREATE TABLE frame_order (order_number INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), order_date DATE NOT NULL, promised_date DATE, deposit DECIMAL(8,2), total_price DECIMAL(8,2), taken_by TEXT NOT NULL REFERENCES staff(initials), framed_by TEXT REFERENCES staff(initials));
CREATE TABLE order_item (order_item_id INTEGER PRIMARY KEY, order_number INTEGER NOT NULL REFERENCES frame_order(order_number), item_kind TEXT NOT NULL, width_mm INTEGER NOT NULL, height_mm INTEGER NOT NULL, product_code TEXT NOT NULL REFERENCES moulding(product_code), mount_colour TEXT, glazing_type_id INTEGER REFERENCES glazing_type(glazing_type_id));
