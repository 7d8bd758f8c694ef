CREATE TABLE member (
    member_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    email TEXT,
    phone TEXT,
    birth_date DATE,
    emergency_contact_name TEXT,
    emergency_contact_phone TEXT
);

CREATE TABLE trailhead (
    trailhead_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    latitude REAL,
    longitude REAL,
    has_parking BOOLEAN NOT NULL DEFAULT 0
);

CREATE TABLE trail (
    trail_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    region TEXT,
    length_km REAL,
    climb_m INTEGER,
    difficulty_grade INTEGER CHECK (difficulty_grade BETWEEN 1 AND 5),
    start_trailhead_id INTEGER NOT NULL REFERENCES trailhead(trailhead_id),
    end_trailhead_id INTEGER NOT NULL REFERENCES trailhead(trailhead_id)
);

CREATE TABLE hike (
    hike_id INTEGER PRIMARY KEY,
    trail_id INTEGER NOT NULL REFERENCES trail(trail_id),
    leader_id INTEGER NOT NULL REFERENCES member(member_id),
    hike_date DATE NOT NULL,
    meeting_time TEXT,
    max_group_size INTEGER
);

CREATE TABLE hike_signup (
    hike_id INTEGER NOT NULL REFERENCES hike(hike_id),
    member_id INTEGER NOT NULL REFERENCES member(member_id),
    signed_up_on DATE NOT NULL,
    attended BOOLEAN,
    PRIMARY KEY (hike_id, member_id)
);

CREATE TABLE gear_item (
    tag_number TEXT PRIMARY KEY,
    description TEXT NOT NULL,
    category TEXT
);

CREATE TABLE gear_loan (
    gear_loan_id INTEGER PRIMARY KEY,
    tag_number TEXT NOT NULL REFERENCES gear_item(tag_number),
    member_id INTEGER NOT NULL REFERENCES member(member_id),
    lent_on DATE NOT NULL,
    returned_on DATE
);
