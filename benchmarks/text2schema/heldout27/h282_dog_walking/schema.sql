CREATE TABLE owner (
    owner_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    phone TEXT,
    address TEXT
);

CREATE TABLE breed (
    breed_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE dog (
    dog_id INTEGER PRIMARY KEY,
    owner_id INTEGER NOT NULL REFERENCES owner(owner_id),
    name TEXT NOT NULL,
    date_of_birth DATE,
    breed_id INTEGER REFERENCES breed(breed_id),
    on_lead_only BOOLEAN NOT NULL
);

CREATE TABLE walker (
    walker_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    mobile TEXT
);

CREATE TABLE walk_location (
    walk_location_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    postcode TEXT
);

CREATE TABLE walk (
    walk_id INTEGER PRIMARY KEY,
    walker_id INTEGER NOT NULL REFERENCES walker(walker_id),
    walk_date DATE NOT NULL,
    start_time TIME,
    duration_minutes INTEGER,
    walk_location_id INTEGER NOT NULL REFERENCES walk_location(walk_location_id)
);

CREATE TABLE walk_dog (
    walk_id INTEGER NOT NULL REFERENCES walk(walk_id),
    dog_id INTEGER NOT NULL REFERENCES dog(dog_id),
    price_charged DECIMAL(6,2) NOT NULL,
    PRIMARY KEY (walk_id, dog_id)
);

CREATE TABLE house_key (
    tag_number INTEGER PRIMARY KEY,
    owner_id INTEGER NOT NULL REFERENCES owner(owner_id),
    walker_id INTEGER NOT NULL REFERENCES walker(walker_id)
);
