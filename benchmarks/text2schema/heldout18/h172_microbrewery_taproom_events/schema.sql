CREATE TABLE brewery (brewery_id INTEGER PRIMARY KEY, name TEXT NOT NULL, town TEXT);
CREATE TABLE beer (beer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, style TEXT, abv_pct DECIMAL(4,2), ibu INTEGER, brewery_id INTEGER NOT NULL REFERENCES brewery(brewery_id));
CREATE TABLE event (event_id INTEGER PRIMARY KEY, title TEXT NOT NULL, event_type TEXT, start_time TIMESTAMP NOT NULL, ticket_price DECIMAL(6,2), capacity INTEGER);
CREATE TABLE act (act_id INTEGER PRIMARY KEY, name TEXT NOT NULL, genre TEXT, contact_phone TEXT);
CREATE TABLE appearance (event_id INTEGER REFERENCES event(event_id), act_id INTEGER REFERENCES act(act_id), fee DECIMAL(8,2), PRIMARY KEY (event_id, act_id));
CREATE TABLE featured_beer (event_id INTEGER REFERENCES event(event_id), beer_id INTEGER REFERENCES beer(beer_id), price_per_pint DECIMAL(5,2), PRIMARY KEY (event_id, beer_id));
CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL);
CREATE TABLE ticket_purchase (purchase_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), event_id INTEGER NOT NULL REFERENCES event(event_id), ticket_count INTEGER NOT NULL, purchased_at TIMESTAMP NOT NULL);
