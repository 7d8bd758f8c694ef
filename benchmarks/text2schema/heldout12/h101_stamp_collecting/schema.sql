CREATE TABLE country (
    country_code TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE stamp_set (
    stamp_set_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    issue_year INTEGER
);

CREATE TABLE stamp (
    catalogue_number TEXT PRIMARY KEY,
    country_code TEXT NOT NULL REFERENCES country(country_code),
    stamp_set_id INTEGER REFERENCES stamp_set(stamp_set_id),
    issue_date DATE,
    face_value TEXT,
    colour TEXT,
    design_description TEXT,
    variant_of_catalogue_number TEXT REFERENCES stamp(catalogue_number)
);

CREATE TABLE member (
    membership_number TEXT PRIMARY KEY,
    full_name TEXT NOT NULL,
    email TEXT,
    joined_on DATE
);

CREATE TABLE holding (
    membership_number TEXT NOT NULL REFERENCES member(membership_number),
    catalogue_number TEXT NOT NULL REFERENCES stamp(catalogue_number),
    quantity INTEGER NOT NULL DEFAULT 1,
    condition_grade TEXT,
    first_acquired_on DATE,
    PRIMARY KEY (membership_number, catalogue_number)
);

CREATE TABLE swap (
    swap_id INTEGER PRIMARY KEY,
    giver_membership_number TEXT NOT NULL REFERENCES member(membership_number),
    receiver_membership_number TEXT NOT NULL REFERENCES member(membership_number),
    catalogue_number TEXT NOT NULL REFERENCES stamp(catalogue_number),
    quantity INTEGER NOT NULL DEFAULT 1,
    swap_date DATE NOT NULL
);
