CREATE TABLE department (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE specialist (id INTEGER PRIMARY KEY, department_id INTEGER NOT NULL REFERENCES department(id), name TEXT NOT NULL, email TEXT);
CREATE TABLE client (id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, phone TEXT, email TEXT);
CREATE TABLE auction (id INTEGER PRIMARY KEY, auctioneer_id INTEGER REFERENCES specialist(id), title TEXT NOT NULL, auction_date DATE NOT NULL, location TEXT);
CREATE TABLE lot (id INTEGER PRIMARY KEY, auction_id INTEGER NOT NULL REFERENCES auction(id), lot_number INTEGER NOT NULL, specialist_id INTEGER REFERENCES specialist(id), consignor_id INTEGER NOT NULL REFERENCES client(id), buyer_id INTEGER REFERENCES client(id), description TEXT, low_estimate DECIMAL(10,2), high_estimate DECIMAL(10,2), reserve_price DECIMAL(10,2), hammer_price DECIMAL(10,2), UNIQUE (auction_id, lot_number));
CREATE TABLE bid (id INTEGER PRIMARY KEY, lot_id INTEGER NOT NULL REFERENCES lot(id), client_id INTEGER NOT NULL REFERENCES client(id), amount DECIMAL(10,2) NOT NULL, bid_time TIMESTAMP NOT NULL, channel TEXT);
