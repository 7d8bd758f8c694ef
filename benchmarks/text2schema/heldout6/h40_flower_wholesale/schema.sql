CREATE TABLE category (category_id INTEGER PRIMARY KEY, name TEXT, parent_category_id INTEGER REFERENCES category(category_id));
CREATE TABLE grower (grower_id INTEGER PRIMARY KEY, name TEXT, country TEXT);
CREATE TABLE flower_variety (variety_code TEXT PRIMARY KEY, name TEXT, color TEXT, stem_length_cm INTEGER, price_per_stem DECIMAL(10,2), category_id INTEGER NOT NULL REFERENCES category(category_id), grower_id INTEGER NOT NULL REFERENCES grower(grower_id));
CREATE TABLE florist (account_number TEXT PRIMARY KEY, shop_name TEXT, city TEXT, phone TEXT);
CREATE TABLE wholesale_order (order_number INTEGER PRIMARY KEY, order_date DATE, requested_delivery_date DATE, account_number TEXT NOT NULL REFERENCES florist(account_number));
CREATE TABLE order_line (order_number INTEGER REFERENCES wholesale_order(order_number), variety_code TEXT REFERENCES flower_variety(variety_code), stem_count INTEGER, price_per_stem DECIMAL(10,2), PRIMARY KEY (order_number, variety_code));
