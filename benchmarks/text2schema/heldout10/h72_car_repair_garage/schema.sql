CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, email TEXT);
CREATE TABLE vehicle (vehicle_id INTEGER PRIMARY KEY, registration_plate TEXT, vin TEXT, make TEXT, model TEXT, year INTEGER, customer_id INTEGER REFERENCES customer(customer_id));
CREATE TABLE mechanic (mechanic_id INTEGER PRIMARY KEY, name TEXT, hourly_rate REAL, hire_date DATE, lead_mechanic_id INTEGER REFERENCES mechanic(mechanic_id));
CREATE TABLE repair_order (repair_order_id INTEGER PRIMARY KEY, vehicle_id INTEGER REFERENCES vehicle(vehicle_id), date_in DATE, date_out DATE, reported_problem TEXT, status TEXT);
CREATE TABLE part (part_id INTEGER PRIMARY KEY, part_number TEXT, description TEXT, supplier_name TEXT, list_price REAL);
CREATE TABLE repair_order_part (repair_order_id INTEGER REFERENCES repair_order(repair_order_id), part_id INTEGER REFERENCES part(part_id), quantity INTEGER, unit_price REAL, PRIMARY KEY (repair_order_id, part_id));
CREATE TABLE repair_order_labor (repair_order_id INTEGER REFERENCES repair_order(repair_order_id), mechanic_id INTEGER REFERENCES mechanic(mechanic_id), hours_worked REAL, PRIMARY KEY (repair_order_id, mechanic_id));
