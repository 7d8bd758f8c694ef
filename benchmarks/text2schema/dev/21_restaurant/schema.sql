CREATE TABLE dish (dish_id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT, price DECIMAL(8,2), vegetarian BOOLEAN);
CREATE TABLE dining_table (table_number INTEGER PRIMARY KEY, seats INTEGER);
CREATE TABLE waiter (waiter_id INTEGER PRIMARY KEY, name TEXT NOT NULL, hire_date DATE);
CREATE TABLE customer_order (order_id INTEGER PRIMARY KEY, waiter_id INTEGER NOT NULL REFERENCES waiter(waiter_id), table_number INTEGER NOT NULL REFERENCES dining_table(table_number), order_time TIMESTAMP);
CREATE TABLE order_dish (order_id INTEGER REFERENCES customer_order(order_id), dish_id INTEGER REFERENCES dish(dish_id), quantity INTEGER, special_request TEXT, PRIMARY KEY (order_id, dish_id));
