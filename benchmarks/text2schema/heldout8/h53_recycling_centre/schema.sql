CREATE TABLE material (material_id INTEGER PRIMARY KEY, name TEXT, price_per_kg DECIMAL(10,2));
CREATE TABLE container (container_id INTEGER PRIMARY KEY, label TEXT, capacity_kg REAL, material_id INTEGER NOT NULL REFERENCES material(material_id));
CREATE TABLE resident (card_number TEXT PRIMARY KEY, name TEXT, postcode TEXT);
CREATE TABLE drop_off (drop_off_id INTEGER PRIMARY KEY, dropped_at TIMESTAMP, weight_kg REAL, card_number TEXT NOT NULL REFERENCES resident(card_number), container_id INTEGER NOT NULL REFERENCES container(container_id));
CREATE TABLE hauler (hauler_id INTEGER PRIMARY KEY, company_name TEXT, licence_number TEXT);
CREATE TABLE collection (collection_id INTEGER PRIMARY KEY, collected_date DATE, weight_kg REAL, container_id INTEGER NOT NULL REFERENCES container(container_id), hauler_id INTEGER NOT NULL REFERENCES hauler(hauler_id));
