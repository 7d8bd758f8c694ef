CREATE TABLE product (product_code TEXT PRIMARY KEY, name TEXT NOT NULL, weight_grams INTEGER, wholesale_price DECIMAL(7,2) NOT NULL, category TEXT);
CREATE TABLE ingredient (ingredient_id INTEGER PRIMARY KEY, name TEXT NOT NULL, unit_of_measure TEXT NOT NULL, cost_per_unit DECIMAL(8,3));
CREATE TABLE recipe_line (product_code TEXT NOT NULL REFERENCES product(product_code), ingredient_id INTEGER NOT NULL REFERENCES ingredient(ingredient_id), amount DECIMAL(8,3) NOT NULL, PRIMARY KEY (product_code, ingredient_id));
CREATE TABLE driver (driver_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE route (route_code TEXT PRIMARY KEY, description TEXT, regular_driver_id INTEGER NOT NULL REFERENCES driver(driver_id));
CREATE TABLE customer (account_number TEXT PRIMARY KEY, trading_name TEXT NOT NULL, delivery_address TEXT NOT NULL, phone TEXT, credit_limit DECIMAL(9,2), route_code TEXT NOT NULL REFERENCES route(route_code), stop_number INTEGER);
CREATE TABLE route_run (route_code TEXT NOT NULL REFERENCES route(route_code), run_date DATE NOT NULL, van_registration TEXT NOT NULL, driver_id INTEGER NOT NULL REFERENCES driver(driver_id), PRIMARY KEY (route_code, run_date));
CREATE TABLE customer_order (customer_order_id INTEGER PRIMARY KEY, account_number TEXT NOT NULL REFERENCES customer(account_number), delivery_date DATE NOT NULL, is_standing_order BOOLEAN NOT NULL);
CREATE TABLE order_line (customer_order_id INTEGER NOT NULL REFERENCES customer_order(customer_order_id), product_code TEXT NOT NULL REFERENCES product(product_code), quantity INTEGER NOT NULL, PRIMARY KEY (customer_order_id, product_code));
