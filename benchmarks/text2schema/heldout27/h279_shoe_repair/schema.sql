CREATE TABLE customer (
    customer_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    phone TEXT
);

CREATE TABLE item_category (
    item_category_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE service (
    service_code TEXT PRIMARY KEY,
    description TEXT NOT NULL,
    standard_price DECIMAL(6,2) NOT NULL
);

CREATE TABLE cobbler (
    cobbler_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE repair_ticket (
    ticket_number INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customer(customer_id),
    received_date DATE NOT NULL,
    promised_date DATE,
    collected_date DATE,
    deposit_paid DECIMAL(6,2)
);

CREATE TABLE ticket_item (
    ticket_number INTEGER NOT NULL REFERENCES repair_ticket(ticket_number),
    item_number INTEGER NOT NULL,
    item_category_id INTEGER NOT NULL REFERENCES item_category(item_category_id),
    colour TEXT,
    description TEXT,
    cobbler_id INTEGER NOT NULL REFERENCES cobbler(cobbler_id),
    PRIMARY KEY (ticket_number, item_number)
);

CREATE TABLE item_service (
    ticket_number INTEGER NOT NULL,
    item_number INTEGER NOT NULL,
    service_code TEXT NOT NULL REFERENCES service(service_code),
    price_charged DECIMAL(6,2) NOT NULL,
    PRIMARY KEY (ticket_number, item_number, service_code),
    FOREIGN KEY (ticket_number, item_number) REFERENCES ticket_item(ticket_number, item_number)
);
