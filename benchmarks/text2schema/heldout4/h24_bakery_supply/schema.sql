CREATE TABLE ingredient (stock_code TEXT PRIMARY KEY, name TEXT NOT NULL, unit_of_measure TEXT, quantity_in_stock REAL);
CREATE TABLE supplier (vat_number TEXT PRIMARY KEY, company_name TEXT NOT NULL, contact_person TEXT, phone_number TEXT);
CREATE TABLE supplier_ingredient (vat_number TEXT REFERENCES supplier(vat_number), stock_code TEXT REFERENCES ingredient(stock_code), unit_price DECIMAL(10,2), lead_time_days INTEGER, PRIMARY KEY (vat_number, stock_code));
CREATE TABLE purchase_order (purchase_order_id INTEGER PRIMARY KEY, vat_number TEXT NOT NULL REFERENCES supplier(vat_number), order_date DATE, expected_delivery_date DATE, status TEXT);
CREATE TABLE purchase_order_line (purchase_order_id INTEGER REFERENCES purchase_order(purchase_order_id), stock_code TEXT REFERENCES ingredient(stock_code), quantity REAL, unit_price DECIMAL(10,2), PRIMARY KEY (purchase_order_id, stock_code));
CREATE TABLE product (product_code TEXT PRIMARY KEY, name TEXT NOT NULL, retail_price DECIMAL(10,2));
CREATE TABLE recipe_item (product_code TEXT REFERENCES product(product_code), stock_code TEXT REFERENCES ingredient(stock_code), quantity_per_batch REAL, PRIMARY KEY (product_code, stock_code));
