CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, capacity INTEGER);
CREATE TABLE organiser (organiser_id INTEGER PRIMARY KEY, name TEXT NOT NULL, contact_email TEXT);
CREATE TABLE event (event_id INTEGER PRIMARY KEY, title TEXT NOT NULL, event_time TIMESTAMP, venue_id INTEGER NOT NULL REFERENCES venue(venue_id), organiser_id INTEGER REFERENCES organiser(organiser_id));
CREATE TABLE ticket_category (category_id INTEGER PRIMARY KEY, event_id INTEGER NOT NULL REFERENCES event(event_id), name TEXT NOT NULL, price DECIMAL(8,2), tickets_available INTEGER);
CREATE TABLE attendee (attendee_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT);
CREATE TABLE ticket (code TEXT PRIMARY KEY, category_id INTEGER NOT NULL REFERENCES ticket_category(category_id), attendee_id INTEGER NOT NULL REFERENCES attendee(attendee_id), purchase_time TIMESTAMP, scanned BOOLEAN);
