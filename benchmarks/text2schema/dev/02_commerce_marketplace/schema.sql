CREATE TABLE seller (username TEXT PRIMARY KEY, display_name TEXT, join_date DATE);
CREATE TABLE listing (listing_id INTEGER PRIMARY KEY, title TEXT NOT NULL, description TEXT, asking_price DECIMAL(10,2), condition TEXT, created_at TIMESTAMP, seller_username TEXT NOT NULL REFERENCES seller(username));
CREATE TABLE buyer (buyer_id INTEGER PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE purchase (purchase_id INTEGER PRIMARY KEY, listing_id INTEGER NOT NULL UNIQUE REFERENCES listing(listing_id), buyer_id INTEGER NOT NULL REFERENCES buyer(buyer_id), purchase_date DATE, price_paid DECIMAL(10,2));
CREATE TABLE review (review_id INTEGER PRIMARY KEY, buyer_id INTEGER NOT NULL REFERENCES buyer(buyer_id), seller_username TEXT NOT NULL REFERENCES seller(username), rating INTEGER, comment TEXT, review_date DATE);
