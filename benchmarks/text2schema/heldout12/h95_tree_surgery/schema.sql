CREATE TABLE customer (
    customer_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    phone TEXT,
    email TEXT
);

CREATE TABLE site (
    site_id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customer(customer_id),
    address TEXT NOT NULL,
    town TEXT,
    access_notes TEXT
);

CREATE TABLE tree (
    tree_id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES site(site_id),
    species TEXT,
    height_m REAL,
    location_description TEXT,
    has_preservation_order BOOLEAN NOT NULL DEFAULT 0
);

CREATE TABLE employee (
    employee_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    phone TEXT,
    chainsaw_certificate_number TEXT,
    can_climb BOOLEAN NOT NULL DEFAULT 0
);

CREATE TABLE job (
    job_id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES site(site_id),
    lead_climber_id INTEGER REFERENCES employee(employee_id),
    requested_on DATE,
    scheduled_on DATE,
    quoted_price DECIMAL(10,2),
    status TEXT
);

CREATE TABLE job_tree (
    job_id INTEGER NOT NULL REFERENCES job(job_id),
    tree_id INTEGER NOT NULL REFERENCES tree(tree_id),
    work_type TEXT NOT NULL,
    notes TEXT,
    PRIMARY KEY (job_id, tree_id)
);

CREATE TABLE job_crew (
    job_id INTEGER NOT NULL REFERENCES job(job_id),
    employee_id INTEGER NOT NULL REFERENCES employee(employee_id),
    hours_worked REAL,
    PRIMARY KEY (job_id, employee_id)
);
