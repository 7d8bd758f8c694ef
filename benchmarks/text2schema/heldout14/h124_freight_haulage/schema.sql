CREATE TABLE depot (depot_id INTEGER PRIMARY KEY, name TEXT NOT NULL, town TEXT, loading_bays INTEGER);
CREATE TABLE truck (registration TEXT PRIMARY KEY, model TEXT, max_payload_kg INTEGER, home_depot_id INTEGER NOT NULL REFERENCES depot(depot_id));
CREATE TABLE driver (driver_id INTEGER PRIMARY KEY, name TEXT NOT NULL, licence_class TEXT, phone TEXT);
CREATE TABLE trip (trip_id INTEGER PRIMARY KEY, registration TEXT NOT NULL REFERENCES truck(registration), driver_id INTEGER NOT NULL REFERENCES driver(driver_id), origin_depot_id INTEGER NOT NULL REFERENCES depot(depot_id), destination_depot_id INTEGER NOT NULL REFERENCES depot(depot_id), departure_time TIMESTAMP, arrival_time TIMESTAMP);
CREATE TABLE shipper (shipper_id INTEGER PRIMARY KEY, name TEXT NOT NULL, vat_number TEXT);
CREATE TABLE consignment (consignment_id INTEGER PRIMARY KEY, shipper_id INTEGER NOT NULL REFERENCES shipper(shipper_id), total_weight_kg DECIMAL(10,2), pieces INTEGER, declared_value DECIMAL(12,2));
CREATE TABLE trip_consignment (trip_id INTEGER REFERENCES trip(trip_id), consignment_id INTEGER REFERENCES consignment(consignment_id), pieces_loaded INTEGER, PRIMARY KEY (trip_id, consignment_id));
