CREATE TABLE edition (edition_id INTEGER PRIMARY KEY, publication_date DATE NOT NULL, edition_name TEXT NOT NULL, page_count INTEGER, planned_print_run INTEGER, UNIQUE (publication_date, edition_name));
CREATE TABLE press (press_number INTEGER PRIMARY KEY, location TEXT, max_copies_per_hour INTEGER);
CREATE TABLE print_job (print_job_id INTEGER PRIMARY KEY, edition_id INTEGER NOT NULL REFERENCES edition(edition_id), press_number INTEGER NOT NULL REFERENCES press(press_number), started_at TIMESTAMP, finished_at TIMESTAMP, copies_printed INTEGER, copies_spoiled INTEGER);
CREATE TABLE driver (driver_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE route (route_code TEXT PRIMARY KEY, description TEXT, driver_id INTEGER NOT NULL REFERENCES driver(driver_id));
CREATE TABLE outlet (outlet_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, route_code TEXT NOT NULL REFERENCES route(route_code));
CREATE TABLE outlet_delivery (edition_id INTEGER REFERENCES edition(edition_id), outlet_id INTEGER REFERENCES outlet(outlet_id), copies_delivered INTEGER NOT NULL, copies_returned INTEGER, PRIMARY KEY (edition_id, outlet_id));
