CREATE TABLE category (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL, required_licence_class TEXT NOT NULL);
CREATE TABLE motorcycle (registration TEXT PRIMARY KEY, make TEXT NOT NULL, model TEXT NOT NULL, engine_cc INTEGER, year_of_manufacture INTEGER, odometer_km INTEGER, daily_rate DECIMAL(7,2) NOT NULL, category_id INTEGER NOT NULL REFERENCES category(category_id));
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT, licence_number TEXT NOT NULL, licence_class TEXT NOT NULL);
CREATE TABLE rental (rental_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), registration TEXT NOT NULL REFERENCES motorcycle(registration), pickup_date DATE NOT NULL, planned_return_date DATE NOT NULL, actual_return_date DATE, pickup_odometer_km INTEGER, return_odometer_km INTEGER, total_charged DECIMAL(8,2));
CREATE TABLE extra (extra_id INTEGER PRIMARY KEY, name TEXT NOT NULL, daily_price DECIMAL(6,2) NOT NULL);
CREATE TABLE rental_extra (rental_id INTEGER REFERENCES rental(rental_id), extra_id INTEGER REFERENCES extra(extra_id), quantity INTEGER NOT NULL, PRIMARY KEY (rental_id, extra_id));
CREATE TABLE mechanic (mechanic_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE service (service_id INTEGER PRIMARY KEY, registration TEXT NOT NULL REFERENCES motorcycle(registration), mechanic_id INTEGER NOT NULL REFERENCES mechanic(mechanic_id), service_date DATE NOT NULL, work_done TEXT, cost DECIMAL(8,2));
