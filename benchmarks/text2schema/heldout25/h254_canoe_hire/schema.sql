CREATE TABLE boat_type (type_code TEXT PRIMARY KEY, description TEXT NOT NULL, seats INTEGER NOT NULL);
CREATE TABLE boat (hull_number TEXT PRIMARY KEY, type_code TEXT NOT NULL REFERENCES boat_type(type_code), name TEXT, colour TEXT, year_purchased INTEGER, in_service BOOLEAN NOT NULL);
CREATE TABLE landing_place (landing_place_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, grid_reference TEXT, has_parking BOOLEAN);
CREATE TABLE route (route_code TEXT PRIMARY KEY, name TEXT NOT NULL, start_landing_place_id INTEGER NOT NULL REFERENCES landing_place(landing_place_id), end_landing_place_id INTEGER NOT NULL REFERENCES landing_place(landing_place_id), distance_km DECIMAL(5,1), typical_duration_hours DECIMAL(4,1));
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, paddling_qualification TEXT);
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT);
CREATE TABLE booking (booking_reference TEXT PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), route_code TEXT NOT NULL REFERENCES route(route_code), guide_staff_id INTEGER REFERENCES staff(staff_id), trip_date DATE NOT NULL, start_time TEXT, number_of_people INTEGER NOT NULL, price DECIMAL(8,2));
CREATE TABLE booking_boat (booking_reference TEXT REFERENCES booking(booking_reference), hull_number TEXT REFERENCES boat(hull_number), return_condition TEXT, PRIMARY KEY (booking_reference, hull_number));
