CREATE TABLE route (
    route_code TEXT PRIMARY KEY,
    description TEXT
);

CREATE TABLE farm (
    supplier_number INTEGER PRIMARY KEY,
    farm_name TEXT NOT NULL,
    owner_name TEXT,
    address TEXT,
    herd_size INTEGER,
    route_code TEXT NOT NULL REFERENCES route(route_code)
);

CREATE TABLE tanker (
    registration TEXT PRIMARY KEY,
    capacity_litres INTEGER NOT NULL
);

CREATE TABLE driver (
    driver_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    hgv_licence_number TEXT NOT NULL UNIQUE
);

CREATE TABLE collection_run (
    collection_run_id INTEGER PRIMARY KEY,
    route_code TEXT NOT NULL REFERENCES route(route_code),
    tanker_registration TEXT NOT NULL REFERENCES tanker(registration),
    run_date DATE NOT NULL,
    main_driver_id INTEGER NOT NULL REFERENCES driver(driver_id),
    relief_driver_id INTEGER REFERENCES driver(driver_id)
);

CREATE TABLE collection_stop (
    collection_run_id INTEGER NOT NULL REFERENCES collection_run(collection_run_id),
    stop_number INTEGER NOT NULL,
    supplier_number INTEGER NOT NULL REFERENCES farm(supplier_number),
    pickup_time TIME,
    litres INTEGER NOT NULL,
    milk_temperature DECIMAL(3,1),
    butterfat_percent DECIMAL(4,2),
    PRIMARY KEY (collection_run_id, stop_number)
);
