CREATE TABLE region (
    region_code TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE species (
    species_id INTEGER PRIMARY KEY,
    common_name TEXT NOT NULL,
    scientific_name TEXT NOT NULL UNIQUE
);

CREATE TABLE outcome (
    outcome_code TEXT PRIMARY KEY,
    description TEXT NOT NULL
);

CREATE TABLE volunteer (
    volunteer_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    phone TEXT,
    is_marine_medic BOOLEAN NOT NULL,
    region_code TEXT NOT NULL REFERENCES region(region_code)
);

CREATE TABLE stranding (
    stranding_reference TEXT PRIMARY KEY,
    reported_date DATE NOT NULL,
    reported_time TIME,
    latitude DECIMAL(9,6),
    longitude DECIMAL(9,6),
    region_code TEXT NOT NULL REFERENCES region(region_code),
    species_id INTEGER REFERENCES species(species_id),
    animal_count INTEGER NOT NULL,
    reporter_name TEXT,
    reporter_phone TEXT,
    outcome_code TEXT REFERENCES outcome(outcome_code)
);

CREATE TABLE stranding_attendance (
    stranding_reference TEXT NOT NULL REFERENCES stranding(stranding_reference),
    volunteer_id INTEGER NOT NULL REFERENCES volunteer(volunteer_id),
    role TEXT NOT NULL,
    hours_spent DECIMAL(5,2),
    PRIMARY KEY (stranding_reference, volunteer_id)
);

CREATE TABLE tissue_sample (
    stranding_reference TEXT NOT NULL REFERENCES stranding(stranding_reference),
    sample_number INTEGER NOT NULL,
    tissue_type TEXT NOT NULL,
    freezer TEXT,
    PRIMARY KEY (stranding_reference, sample_number)
);
