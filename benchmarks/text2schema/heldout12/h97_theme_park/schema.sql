CREATE TABLE area (
    area_code TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    theme_description TEXT
);

CREATE TABLE attraction (
    attraction_id INTEGER PRIMARY KEY,
    area_code TEXT NOT NULL REFERENCES area(area_code),
    name TEXT NOT NULL,
    attraction_type TEXT,
    min_height_cm INTEGER,
    guests_per_cycle INTEGER,
    opened_year INTEGER
);

CREATE TABLE staff_member (
    badge_number TEXT PRIMARY KEY,
    full_name TEXT NOT NULL,
    hire_date DATE,
    area_code TEXT REFERENCES area(area_code),
    supervisor_badge_number TEXT REFERENCES staff_member(badge_number)
);

CREATE TABLE operator_qualification (
    badge_number TEXT NOT NULL REFERENCES staff_member(badge_number),
    attraction_id INTEGER NOT NULL REFERENCES attraction(attraction_id),
    qualified_on DATE NOT NULL,
    expires_on DATE,
    PRIMARY KEY (badge_number, attraction_id)
);

CREATE TABLE inspection (
    inspection_id INTEGER PRIMARY KEY,
    attraction_id INTEGER NOT NULL REFERENCES attraction(attraction_id),
    inspector_badge_number TEXT NOT NULL REFERENCES staff_member(badge_number),
    inspected_at TIMESTAMP NOT NULL,
    passed BOOLEAN NOT NULL,
    remarks TEXT
);

CREATE TABLE pass_type (
    pass_type_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    price DECIMAL(10,2) NOT NULL,
    includes_parking BOOLEAN NOT NULL DEFAULT 0
);

CREATE TABLE guest (
    guest_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    birth_date DATE,
    email TEXT
);

CREATE TABLE season_pass (
    season_pass_id INTEGER PRIMARY KEY,
    guest_id INTEGER NOT NULL REFERENCES guest(guest_id),
    pass_type_id INTEGER NOT NULL REFERENCES pass_type(pass_type_id),
    purchase_date DATE NOT NULL,
    expiry_date DATE NOT NULL
);
