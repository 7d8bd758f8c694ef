CREATE TABLE shop (shop_id INTEGER PRIMARY KEY, name TEXT, address TEXT, opening_hours TEXT);
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT, mobile TEXT, email TEXT);
CREATE TABLE laundry_order (laundry_order_id INTEGER PRIMARY KEY, dropped_off_at TIMESTAMP, promised_date DATE, paid_in_advance BOOLEAN, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), drop_off_shop_id INTEGER NOT NULL REFERENCES shop(shop_id), collection_shop_id INTEGER NOT NULL REFERENCES shop(shop_id));
CREATE TABLE service (service_id INTEGER PRIMARY KEY, name TEXT, price_per_item REAL);
CREATE TABLE order_item (laundry_order_id INTEGER REFERENCES laundry_order(laundry_order_id), service_id INTEGER REFERENCES service(service_id), quantity INTEGER, instructions TEXT, PRIMARY KEY (laundry_order_id, service_id));
