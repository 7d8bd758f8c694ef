CREATE TABLE supplier (
    supplier_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    phone TEXT
);

CREATE TABLE tree_species (
    species_code TEXT PRIMARY KEY,
    common_name TEXT NOT NULL
);

CREATE TABLE employee (
    staff_number INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    start_date DATE
);

CREATE TABLE timber_grade (
    grade_code TEXT PRIMARY KEY,
    description TEXT NOT NULL
);

CREATE TABLE log_delivery (
    delivery_note_number INTEGER PRIMARY KEY,
    supplier_id INTEGER NOT NULL REFERENCES supplier(supplier_id),
    delivery_date DATE NOT NULL
);

CREATE TABLE sawing_run (
    sawing_run_id INTEGER PRIMARY KEY,
    run_date DATE NOT NULL,
    sawyer_staff_number INTEGER NOT NULL REFERENCES employee(staff_number),
    tailer_staff_number INTEGER NOT NULL REFERENCES employee(staff_number)
);

CREATE TABLE log (
    delivery_note_number INTEGER NOT NULL REFERENCES log_delivery(delivery_note_number),
    log_number INTEGER NOT NULL,
    species_code TEXT NOT NULL REFERENCES tree_species(species_code),
    length_m DECIMAL(4,2) NOT NULL,
    mid_diameter_cm INTEGER NOT NULL,
    sawing_run_id INTEGER REFERENCES sawing_run(sawing_run_id),
    PRIMARY KEY (delivery_note_number, log_number)
);

CREATE TABLE run_output (
    sawing_run_id INTEGER NOT NULL REFERENCES sawing_run(sawing_run_id),
    grade_code TEXT NOT NULL REFERENCES timber_grade(grade_code),
    board_count INTEGER NOT NULL,
    volume_m3 DECIMAL(7,3) NOT NULL,
    PRIMARY KEY (sawing_run_id, grade_code)
);
