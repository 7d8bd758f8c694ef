CREATE TABLE member (
    member_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    mobile_phone TEXT,
    home_town TEXT
);

CREATE TABLE pickup_point (
    pickup_point_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    street_address TEXT,
    town TEXT
);

CREATE TABLE car (
    plate_number TEXT PRIMARY KEY,
    owner_id INTEGER NOT NULL REFERENCES member(member_id),
    make TEXT,
    model TEXT,
    colour TEXT,
    passenger_seats INTEGER NOT NULL
);

CREATE TABLE ride (
    ride_id INTEGER PRIMARY KEY,
    driver_id INTEGER NOT NULL REFERENCES member(member_id),
    plate_number TEXT NOT NULL REFERENCES car(plate_number),
    origin_pickup_point_id INTEGER NOT NULL REFERENCES pickup_point(pickup_point_id),
    destination_pickup_point_id INTEGER NOT NULL REFERENCES pickup_point(pickup_point_id),
    departs_at TIMESTAMP NOT NULL,
    seats_available INTEGER NOT NULL,
    price_per_seat DECIMAL(10,2)
);

CREATE TABLE booking (
    ride_id INTEGER NOT NULL REFERENCES ride(ride_id),
    passenger_id INTEGER NOT NULL REFERENCES member(member_id),
    seats INTEGER NOT NULL DEFAULT 1,
    booked_at TIMESTAMP NOT NULL,
    status TEXT NOT NULL,
    driver_rating INTEGER CHECK (driver_rating BETWEEN 1 AND 5),
    PRIMARY KEY (ride_id, passenger_id)
);
