CREATE TABLE stallholder (stallholder_id INTEGER PRIMARY KEY, business_name TEXT NOT NULL, owner_name TEXT NOT NULL, phone TEXT, email TEXT, organic_certified BOOLEAN NOT NULL);
CREATE TABLE pitch (pitch_number INTEGER PRIMARY KEY, size_m2 DECIMAL(5,1), row_letter TEXT, has_electricity BOOLEAN NOT NULL);
CREATE TABLE market_day (market_date DATE PRIMARY KEY, weather TEXT, visitor_count INTEGER);
CREATE TABLE pitch_booking (market_date DATE REFERENCES market_day(market_date), stallholder_id INTEGER REFERENCES stallholder(stallholder_id), pitch_number INTEGER NOT NULL REFERENCES pitch(pitch_number), fee_paid DECIMAL(6,2) NOT NULL, PRIMARY KEY (market_date, stallholder_id), UNIQUE (market_date, pitch_number));
CREATE TABLE product_category (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL, needs_hygiene_certificate BOOLEAN NOT NULL);
CREATE TABLE stallholder_category (stallholder_id INTEGER REFERENCES stallholder(stallholder_id), category_id INTEGER REFERENCES product_category(category_id), PRIMARY KEY (stallholder_id, category_id));
