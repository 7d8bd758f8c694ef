CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, shipping_address TEXT);
CREATE TABLE category (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE product (product_id INTEGER PRIMARY KEY, name TEXT NOT NULL, price DECIMAL(10,2), quantity_in_stock INTEGER, category_id INTEGER NOT NULL REFERENCES category(category_id));
CREATE TABLE "order" (order_number INTEGER PRIMARY KEY, order_date DATE, status TEXT, customer_id INTEGER NOT NULL REFERENCES customer(customer_id));
CREATE TABLE order_item (order_number INTEGER REFERENCES "order"(order_number), product_id INTEGER REFERENCES product(product_id), quantity INTEGER, unit_price DECIMAL(10,2), PRIMARY KEY (order_number, product_id));
