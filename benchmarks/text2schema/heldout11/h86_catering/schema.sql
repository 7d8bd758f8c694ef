CREATE TABLE client (id INTEGER PRIMARY KEY, name TEXT NOT NULL, contact_person TEXT, phone TEXT, email TEXT);
CREATE TABLE event (id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES client(id), event_date DATE NOT NULL, venue_address TEXT, guest_count INTEGER, event_type TEXT);
CREATE TABLE dish (id INTEGER PRIMARY KEY, name TEXT NOT NULL, course TEXT, price_per_portion DECIMAL(10,2), is_vegetarian BOOLEAN);
CREATE TABLE event_dish (event_id INTEGER NOT NULL REFERENCES event(id), dish_id INTEGER NOT NULL REFERENCES dish(id), portions INTEGER NOT NULL, PRIMARY KEY (event_id, dish_id));
CREATE TABLE ingredient (id INTEGER PRIMARY KEY, name TEXT NOT NULL, unit TEXT, cost_per_unit DECIMAL(10,2));
CREATE TABLE dish_ingredient (dish_id INTEGER NOT NULL REFERENCES dish(id), ingredient_id INTEGER NOT NULL REFERENCES ingredient(id), quantity_per_portion REAL NOT NULL, PRIMARY KEY (dish_id, ingredient_id));
CREATE TABLE staff (id INTEGER PRIMARY KEY, name TEXT NOT NULL, role TEXT, hourly_rate DECIMAL(10,2));
CREATE TABLE event_staff (event_id INTEGER NOT NULL REFERENCES event(id), staff_id INTEGER NOT NULL REFERENCES staff(id), hours_worked REAL, PRIMARY KEY (event_id, staff_id));
