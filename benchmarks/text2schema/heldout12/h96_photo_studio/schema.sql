CREATE TABLE client (
    client_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    email TEXT,
    phone TEXT,
    is_business BOOLEAN NOT NULL DEFAULT 0
);

CREATE TABLE photographer (
    photographer_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    phone TEXT,
    day_rate DECIMAL(10,2),
    speciality TEXT
);

CREATE TABLE studio_room (
    studio_room_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    floor_area_sqm REAL,
    hourly_rate DECIMAL(10,2)
);

CREATE TABLE shoot (
    shoot_id INTEGER PRIMARY KEY,
    client_id INTEGER NOT NULL REFERENCES client(client_id),
    lead_photographer_id INTEGER NOT NULL REFERENCES photographer(photographer_id),
    second_photographer_id INTEGER REFERENCES photographer(photographer_id),
    studio_room_id INTEGER REFERENCES studio_room(studio_room_id),
    location_address TEXT,
    starts_at TIMESTAMP NOT NULL,
    duration_hours REAL,
    shoot_type TEXT
);

CREATE TABLE photo (
    photo_id INTEGER PRIMARY KEY,
    shoot_id INTEGER NOT NULL REFERENCES shoot(shoot_id),
    file_name TEXT NOT NULL,
    is_favourite BOOLEAN NOT NULL DEFAULT 0,
    UNIQUE (shoot_id, file_name)
);

CREATE TABLE print_size (
    print_size_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    price DECIMAL(10,2) NOT NULL
);

CREATE TABLE print_order (
    print_order_id INTEGER PRIMARY KEY,
    client_id INTEGER NOT NULL REFERENCES client(client_id),
    order_date DATE NOT NULL,
    is_paid BOOLEAN NOT NULL DEFAULT 0
);

CREATE TABLE print_order_item (
    print_order_id INTEGER NOT NULL REFERENCES print_order(print_order_id),
    photo_id INTEGER NOT NULL REFERENCES photo(photo_id),
    print_size_id INTEGER NOT NULL REFERENCES print_size(print_size_id),
    quantity INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (print_order_id, photo_id, print_size_id)
);
