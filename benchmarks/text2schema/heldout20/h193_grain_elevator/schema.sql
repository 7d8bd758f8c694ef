CREATE TABLE grower (grower_number TEXT PRIMARY KEY, farm_name TEXT NOT NULL, contact_name TEXT, phone TEXT);
CREATE TABLE commodity (commodity_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE grade (commodity_id INTEGER NOT NULL REFERENCES commodity(commodity_id), grade_code TEXT NOT NULL, description TEXT, price_per_tonne DECIMAL(8,2) NOT NULL, PRIMARY KEY (commodity_id, grade_code));
CREATE TABLE bin (bin_number INTEGER PRIMARY KEY, capacity_tonnes DECIMAL(10,2) NOT NULL);
CREATE TABLE delivery (ticket_number TEXT PRIMARY KEY, delivered_at TIMESTAMP NOT NULL, grower_number TEXT NOT NULL REFERENCES grower(grower_number), truck_registration TEXT, gross_weight_kg INTEGER NOT NULL, tare_weight_kg INTEGER NOT NULL, moisture_percent DECIMAL(4,1), commodity_id INTEGER NOT NULL, grade_code TEXT NOT NULL, bin_number INTEGER NOT NULL REFERENCES bin(bin_number), FOREIGN KEY (commodity_id, grade_code) REFERENCES grade(commodity_id, grade_code));
CREATE TABLE buyer (buyer_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE shipment (shipment_id INTEGER PRIMARY KEY, buyer_id INTEGER NOT NULL REFERENCES buyer(buyer_id), shipped_date DATE NOT NULL, rail_car_number TEXT);
CREATE TABLE shipment_bin (shipment_id INTEGER NOT NULL REFERENCES shipment(shipment_id), bin_number INTEGER NOT NULL REFERENCES bin(bin_number), tonnes DECIMAL(10,2) NOT NULL, PRIMARY KEY (shipment_id, bin_number));
