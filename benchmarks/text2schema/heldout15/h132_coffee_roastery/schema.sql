CREATE TABLE importer (importer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, contact_email TEXT);
CREATE TABLE green_lot (lot_number TEXT PRIMARY KEY, origin_country TEXT NOT NULL, variety TEXT, processing_method TEXT, altitude_m INTEGER, purchased_weight_kg DECIMAL(8,2) NOT NULL, price_per_kg DECIMAL(7,2) NOT NULL, arrival_date DATE, importer_id INTEGER NOT NULL REFERENCES importer(importer_id));
CREATE TABLE roaster (roaster_id INTEGER PRIMARY KEY, name TEXT NOT NULL, hire_date DATE);
CREATE TABLE roast_batch (batch_id INTEGER PRIMARY KEY, roasted_at TIMESTAMP NOT NULL, roaster_id INTEGER NOT NULL REFERENCES roaster(roaster_id), lot_number TEXT NOT NULL REFERENCES green_lot(lot_number), green_weight_kg DECIMAL(7,2) NOT NULL, roasted_weight_kg DECIMAL(7,2), roast_level TEXT);
CREATE TABLE product (sku TEXT PRIMARY KEY, name TEXT NOT NULL, bag_size_g INTEGER NOT NULL, price DECIMAL(7,2) NOT NULL);
CREATE TABLE product_lot (sku TEXT REFERENCES product(sku), lot_number TEXT REFERENCES green_lot(lot_number), percentage DECIMAL(5,2) NOT NULL, PRIMARY KEY (sku, lot_number));
CREATE TABLE cafe (cafe_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, phone TEXT);
CREATE TABLE cafe_order (order_id INTEGER PRIMARY KEY, cafe_id INTEGER NOT NULL REFERENCES cafe(cafe_id), order_date DATE NOT NULL);
CREATE TABLE order_line (order_id INTEGER REFERENCES cafe_order(order_id), sku TEXT REFERENCES product(sku), bags INTEGER NOT NULL, PRIMARY KEY (order_id, sku));
