CREATE TABLE reader (ticket_number TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT, email TEXT, ticket_expiry_date DATE NOT NULL);
CREATE TABLE collection (collection_reference TEXT PRIMARY KEY, title TEXT NOT NULL, creator TEXT, first_year INTEGER, last_year INTEGER);
CREATE TABLE item (item_reference TEXT PRIMARY KEY, collection_reference TEXT NOT NULL REFERENCES collection(collection_reference), description TEXT, storage_location TEXT, is_fragile BOOLEAN NOT NULL);
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE request (request_id INTEGER PRIMARY KEY, ticket_number TEXT NOT NULL REFERENCES reader(ticket_number), requested_at TIMESTAMP NOT NULL, seat_number INTEGER, staff_id INTEGER NOT NULL REFERENCES staff(staff_id));
CREATE TABLE request_item (request_id INTEGER REFERENCES request(request_id), item_reference TEXT REFERENCES item(item_reference), delivered_at TIMESTAMP, returned_at TIMESTAMP, PRIMARY KEY (request_id, item_reference));
