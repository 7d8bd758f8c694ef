CREATE TABLE shop (shop_id INTEGER PRIMARY KEY, name TEXT NOT NULL, street_address TEXT, city TEXT, phone TEXT);
CREATE TABLE technician (technician_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, hire_date DATE, shop_id INTEGER NOT NULL REFERENCES shop(shop_id), supervisor_id INTEGER REFERENCES technician(technician_id));
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT);
CREATE TABLE spare_part (part_number TEXT PRIMARY KEY, description TEXT, unit_price DECIMAL(8,2));
CREATE TABLE repair_ticket (ticket_id INTEGER PRIMARY KEY, shop_id INTEGER NOT NULL REFERENCES shop(shop_id), customer_id INTEGER NOT NULL REFERENCES customer(customer_id), technician_id INTEGER REFERENCES technician(technician_id), device_brand TEXT, device_model TEXT, imei TEXT, fault_description TEXT, received_date DATE NOT NULL, status TEXT, completion_date DATE, labour_charge DECIMAL(8,2));
CREATE TABLE ticket_part (ticket_id INTEGER REFERENCES repair_ticket(ticket_id), part_number TEXT REFERENCES spare_part(part_number), quantity INTEGER NOT NULL, price_charged DECIMAL(8,2), PRIMARY KEY (ticket_id, part_number));
