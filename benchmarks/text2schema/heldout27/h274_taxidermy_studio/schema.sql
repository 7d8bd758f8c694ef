CREATE TABLE client (
    client_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    phone TEXT,
    email TEXT
);

CREATE TABLE species (
    species_id INTEGER PRIMARY KEY,
    common_name TEXT NOT NULL,
    latin_name TEXT NOT NULL UNIQUE,
    is_protected BOOLEAN NOT NULL
);

CREATE TABLE mount_style (
    style_code TEXT PRIMARY KEY,
    description TEXT NOT NULL
);

CREATE TABLE material (
    material_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    unit TEXT NOT NULL
);

CREATE TABLE commission (
    commission_id INTEGER PRIMARY KEY,
    client_id INTEGER NOT NULL REFERENCES client(client_id),
    species_id INTEGER NOT NULL REFERENCES species(species_id),
    style_code TEXT NOT NULL REFERENCES mount_style(style_code),
    received_date DATE NOT NULL,
    cause_of_death TEXT,
    quoted_price DECIMAL(8,2),
    completed_date DATE
);

CREATE TABLE commission_stage (
    commission_id INTEGER NOT NULL REFERENCES commission(commission_id),
    stage_number INTEGER NOT NULL,
    description TEXT NOT NULL,
    completed_date DATE,
    PRIMARY KEY (commission_id, stage_number)
);

CREATE TABLE commission_material (
    commission_id INTEGER NOT NULL REFERENCES commission(commission_id),
    material_id INTEGER NOT NULL REFERENCES material(material_id),
    quantity DECIMAL(8,2) NOT NULL,
    PRIMARY KEY (commission_id, material_id)
);
