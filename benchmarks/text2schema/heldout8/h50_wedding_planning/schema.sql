CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT, email TEXT, phone TEXT);
CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT, address TEXT, capacity INTEGER);
CREATE TABLE planner (planner_id INTEGER PRIMARY KEY, name TEXT, phone TEXT);
CREATE TABLE wedding (wedding_id INTEGER PRIMARY KEY, wedding_date DATE, guest_count INTEGER, budget DECIMAL(10,2), client_id INTEGER NOT NULL REFERENCES client(client_id), venue_id INTEGER REFERENCES venue(venue_id), lead_planner_id INTEGER NOT NULL REFERENCES planner(planner_id), assistant_planner_id INTEGER REFERENCES planner(planner_id));
CREATE TABLE vendor (vendor_id INTEGER PRIMARY KEY, business_name TEXT, service_type TEXT, phone TEXT);
CREATE TABLE booking (wedding_id INTEGER REFERENCES wedding(wedding_id), vendor_id INTEGER REFERENCES vendor(vendor_id), agreed_fee DECIMAL(10,2), booked_date DATE, PRIMARY KEY (wedding_id, vendor_id));
