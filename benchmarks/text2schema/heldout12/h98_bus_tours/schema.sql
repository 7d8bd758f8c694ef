CREATE TABLE town (
    town_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    country TEXT NOT NULL
);

CREATE TABLE tour (
    tour_code TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    duration_days INTEGER NOT NULL,
    description TEXT
);

CREATE TABLE tour_stop (
    tour_code TEXT NOT NULL REFERENCES tour(tour_code),
    town_id INTEGER NOT NULL REFERENCES town(town_id),
    stop_order INTEGER NOT NULL,
    nights INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (tour_code, town_id),
    UNIQUE (tour_code, stop_order)
);

CREATE TABLE coach (
    registration TEXT PRIMARY KEY,
    make TEXT,
    seats INTEGER NOT NULL,
    year_built INTEGER
);

CREATE TABLE staff_member (
    staff_member_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    phone TEXT,
    languages TEXT
);

CREATE TABLE departure (
    departure_id INTEGER PRIMARY KEY,
    tour_code TEXT NOT NULL REFERENCES tour(tour_code),
    start_date DATE NOT NULL,
    price_per_person DECIMAL(10,2) NOT NULL,
    coach_registration TEXT REFERENCES coach(registration),
    driver_id INTEGER REFERENCES staff_member(staff_member_id),
    guide_id INTEGER REFERENCES staff_member(staff_member_id),
    UNIQUE (tour_code, start_date)
);

CREATE TABLE customer (
    customer_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    email TEXT,
    phone TEXT,
    birth_date DATE
);

CREATE TABLE booking (
    departure_id INTEGER NOT NULL REFERENCES departure(departure_id),
    customer_id INTEGER NOT NULL REFERENCES customer(customer_id),
    booked_on DATE NOT NULL,
    party_size INTEGER NOT NULL DEFAULT 1,
    amount_paid DECIMAL(10,2) NOT NULL DEFAULT 0,
    PRIMARY KEY (departure_id, customer_id)
);
