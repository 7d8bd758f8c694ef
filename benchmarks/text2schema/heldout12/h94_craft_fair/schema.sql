CREATE TABLE fair (
    fair_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    town TEXT,
    venue TEXT,
    start_date DATE NOT NULL,
    end_date DATE NOT NULL
);

CREATE TABLE craft_type (
    craft_type_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE exhibitor (
    exhibitor_id INTEGER PRIMARY KEY,
    business_name TEXT NOT NULL,
    contact_name TEXT,
    email TEXT,
    phone TEXT,
    website TEXT,
    referred_by_id INTEGER REFERENCES exhibitor(exhibitor_id)
);

CREATE TABLE exhibitor_craft (
    exhibitor_id INTEGER NOT NULL REFERENCES exhibitor(exhibitor_id),
    craft_type_id INTEGER NOT NULL REFERENCES craft_type(craft_type_id),
    PRIMARY KEY (exhibitor_id, craft_type_id)
);

CREATE TABLE stall (
    stall_id INTEGER PRIMARY KEY,
    fair_id INTEGER NOT NULL REFERENCES fair(fair_id),
    stall_number INTEGER NOT NULL,
    width_m REAL,
    depth_m REAL,
    rent DECIMAL(10,2),
    has_power BOOLEAN NOT NULL DEFAULT 0,
    exhibitor_id INTEGER REFERENCES exhibitor(exhibitor_id),
    booked_on DATE,
    UNIQUE (fair_id, stall_number)
);
