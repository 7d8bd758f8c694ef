CREATE TABLE variety (variety_id INTEGER PRIMARY KEY, name TEXT NOT NULL, species TEXT, history_note TEXT);
CREATE TABLE grower (grower_number TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT, email TEXT);
CREATE TABLE seed_lot (lot_number TEXT PRIMARY KEY, variety_id INTEGER NOT NULL REFERENCES variety(variety_id), grower_number TEXT REFERENCES grower(grower_number), harvest_date DATE, weight_grams DECIMAL(8,1), drawer TEXT, parent_lot_number TEXT REFERENCES seed_lot(lot_number));
CREATE TABLE germination_test (lot_number TEXT NOT NULL REFERENCES seed_lot(lot_number), test_date DATE NOT NULL, seeds_sown INTEGER NOT NULL, seeds_germinated INTEGER NOT NULL, PRIMARY KEY (lot_number, test_date));
CREATE TABLE seed_request (request_id INTEGER PRIMARY KEY, request_date DATE NOT NULL, requester_name TEXT NOT NULL, requester_address TEXT);
CREATE TABLE request_line (request_id INTEGER NOT NULL REFERENCES seed_request(request_id), lot_number TEXT NOT NULL REFERENCES seed_lot(lot_number), packets_sent INTEGER, PRIMARY KEY (request_id, lot_number));
