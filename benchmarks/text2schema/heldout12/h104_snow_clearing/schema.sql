CREATE TABLE client (
    client_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    phone TEXT,
    email TEXT,
    billing_address TEXT
);

CREATE TABLE property (
    property_id INTEGER PRIMARY KEY,
    client_id INTEGER NOT NULL REFERENCES client(client_id),
    address TEXT NOT NULL,
    area_sqm REAL,
    surface TEXT,
    season_price DECIMAL(10,2),
    salting_included BOOLEAN NOT NULL DEFAULT 0
);

CREATE TABLE truck (
    unit_number TEXT PRIMARY KEY,
    licence_plate TEXT UNIQUE,
    make TEXT,
    has_salt_spreader BOOLEAN NOT NULL DEFAULT 0
);

CREATE TABLE driver (
    driver_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    phone TEXT,
    licence_class TEXT
);

CREATE TABLE route (
    route_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE route_stop (
    route_id INTEGER NOT NULL REFERENCES route(route_id),
    property_id INTEGER NOT NULL REFERENCES property(property_id),
    stop_number INTEGER NOT NULL,
    PRIMARY KEY (route_id, property_id),
    UNIQUE (route_id, stop_number)
);

CREATE TABLE storm (
    storm_id INTEGER PRIMARY KEY,
    name TEXT,
    started_on DATE NOT NULL,
    snowfall_cm REAL
);

CREATE TABLE route_run (
    route_run_id INTEGER PRIMARY KEY,
    route_id INTEGER NOT NULL REFERENCES route(route_id),
    storm_id INTEGER NOT NULL REFERENCES storm(storm_id),
    unit_number TEXT NOT NULL REFERENCES truck(unit_number),
    driver_id INTEGER NOT NULL REFERENCES driver(driver_id),
    helper_id INTEGER REFERENCES driver(driver_id),
    started_at TIMESTAMP,
    finished_at TIMESTAMP,
    salt_kg REAL
);
