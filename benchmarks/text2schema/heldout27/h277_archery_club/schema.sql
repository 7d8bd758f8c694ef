CREATE TABLE bow_style (
    bow_style_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE member (
    membership_number INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    date_of_birth DATE,
    preferred_bow_style_id INTEGER REFERENCES bow_style(bow_style_id),
    coach_membership_number INTEGER REFERENCES member(membership_number)
);

CREATE TABLE archery_round (
    archery_round_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    arrow_count INTEGER NOT NULL,
    max_distance_m INTEGER NOT NULL
);

CREATE TABLE shoot (
    shoot_id INTEGER PRIMARY KEY,
    shoot_date DATE NOT NULL,
    venue TEXT NOT NULL,
    archery_round_id INTEGER NOT NULL REFERENCES archery_round(archery_round_id),
    field_captain_number INTEGER NOT NULL REFERENCES member(membership_number),
    judge_number INTEGER NOT NULL REFERENCES member(membership_number)
);

CREATE TABLE shoot_entry (
    shoot_id INTEGER NOT NULL REFERENCES shoot(shoot_id),
    membership_number INTEGER NOT NULL REFERENCES member(membership_number),
    bow_style_id INTEGER NOT NULL REFERENCES bow_style(bow_style_id),
    total_score INTEGER NOT NULL,
    golds INTEGER,
    PRIMARY KEY (shoot_id, membership_number)
);

CREATE TABLE club_bow (
    serial_number TEXT PRIMARY KEY,
    bow_style_id INTEGER NOT NULL REFERENCES bow_style(bow_style_id),
    draw_weight_lb INTEGER
);

CREATE TABLE bow_loan (
    bow_loan_id INTEGER PRIMARY KEY,
    serial_number TEXT NOT NULL REFERENCES club_bow(serial_number),
    membership_number INTEGER NOT NULL REFERENCES member(membership_number),
    loan_date DATE NOT NULL,
    return_date DATE
);
