CREATE TABLE member (membership_number INTEGER PRIMARY KEY, full_name TEXT NOT NULL, phone_number TEXT, join_date DATE);
CREATE TABLE apiary (apiary_id INTEGER PRIMARY KEY, site_name TEXT NOT NULL, nearest_village TEXT, number_of_hives INTEGER, membership_number INTEGER NOT NULL REFERENCES member(membership_number));
CREATE TABLE batch (batch_code TEXT PRIMARY KEY, harvest_date DATE, weight_kg DECIMAL(8,2), floral_source TEXT NOT NULL CHECK (floral_source IN ('heather', 'clover', 'lime', 'rapeseed', 'wildflower')), apiary_id INTEGER NOT NULL REFERENCES apiary(apiary_id));
CREATE TABLE buyer (buyer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, vat_number TEXT UNIQUE);
CREATE TABLE purchase (batch_code TEXT REFERENCES batch(batch_code), buyer_id INTEGER REFERENCES buyer(buyer_id), kilograms_bought DECIMAL(8,2), price_per_kilogram DECIMAL(8,2), PRIMARY KEY (batch_code, buyer_id));
