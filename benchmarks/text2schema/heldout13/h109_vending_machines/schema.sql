CREATE TABLE site (site_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, contact_person TEXT);
CREATE TABLE product (product_id INTEGER PRIMARY KEY, name TEXT NOT NULL, brand TEXT, purchase_cost DECIMAL(8,2));
CREATE TABLE driver (driver_id INTEGER PRIMARY KEY, name TEXT NOT NULL, licence_number TEXT);
CREATE TABLE machine (machine_id INTEGER PRIMARY KEY, serial_number TEXT NOT NULL UNIQUE, model TEXT, installation_date DATE, site_id INTEGER NOT NULL REFERENCES site(site_id));
CREATE TABLE machine_slot (machine_id INTEGER REFERENCES machine(machine_id), slot_number INTEGER, product_id INTEGER REFERENCES product(product_id), selling_price DECIMAL(6,2), capacity INTEGER, PRIMARY KEY (machine_id, slot_number));
CREATE TABLE restock_visit (visit_id INTEGER PRIMARY KEY, machine_id INTEGER NOT NULL REFERENCES machine(machine_id), driver_id INTEGER NOT NULL REFERENCES driver(driver_id), visit_time TIMESTAMP NOT NULL, cash_collected DECIMAL(8,2));
CREATE TABLE restock_item (visit_id INTEGER REFERENCES restock_visit(visit_id), product_id INTEGER REFERENCES product(product_id), units_added INTEGER, PRIMARY KEY (visit_id, product_id));
