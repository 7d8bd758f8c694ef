CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT);
CREATE TABLE mover (id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, hourly_wage DECIMAL(10,2));
CREATE TABLE move (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(id), crew_leader_id INTEGER REFERENCES mover(id), pickup_address TEXT NOT NULL, delivery_address TEXT NOT NULL, move_date DATE NOT NULL, quoted_price DECIMAL(10,2));
CREATE TABLE truck (registration_plate TEXT PRIMARY KEY, make TEXT, capacity_cubic_metres REAL);
CREATE TABLE move_truck (move_id INTEGER NOT NULL REFERENCES move(id), registration_plate TEXT NOT NULL REFERENCES truck(registration_plate), PRIMARY KEY (move_id, registration_plate));
CREATE TABLE move_crew (move_id INTEGER NOT NULL REFERENCES move(id), mover_id INTEGER NOT NULL REFERENCES mover(id), hours_worked REAL, PRIMARY KEY (move_id, mover_id));
CREATE TABLE inventory_item (id INTEGER PRIMARY KEY, move_id INTEGER NOT NULL REFERENCES move(id), description TEXT NOT NULL, origin_room TEXT, is_fragile BOOLEAN);
CREATE TABLE damage_claim (id INTEGER PRIMARY KEY, inventory_item_id INTEGER NOT NULL REFERENCES inventory_item(id), claim_date DATE NOT NULL, amount_claimed DECIMAL(10,2), amount_paid DECIMAL(10,2), status TEXT);
