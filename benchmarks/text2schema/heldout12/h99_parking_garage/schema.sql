CREATE TABLE garage (
    garage_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    address TEXT,
    levels INTEGER
);

CREATE TABLE gate (
    gate_id INTEGER PRIMARY KEY,
    garage_id INTEGER NOT NULL REFERENCES garage(garage_id),
    name TEXT NOT NULL
);

CREATE TABLE parking_space (
    parking_space_id INTEGER PRIMARY KEY,
    garage_id INTEGER NOT NULL REFERENCES garage(garage_id),
    space_number TEXT NOT NULL,
    level INTEGER,
    space_type TEXT NOT NULL,
    UNIQUE (garage_id, space_number)
);

CREATE TABLE customer (
    customer_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    email TEXT,
    phone TEXT,
    company TEXT
);

CREATE TABLE vehicle (
    plate_number TEXT PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customer(customer_id),
    make TEXT,
    colour TEXT
);

CREATE TABLE permit (
    permit_id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customer(customer_id),
    garage_id INTEGER NOT NULL REFERENCES garage(garage_id),
    reserved_space_id INTEGER REFERENCES parking_space(parking_space_id),
    start_date DATE NOT NULL,
    end_date DATE,
    monthly_fee DECIMAL(10,2) NOT NULL
);

CREATE TABLE visit (
    visit_id INTEGER PRIMARY KEY,
    plate_number TEXT NOT NULL,
    entry_gate_id INTEGER NOT NULL REFERENCES gate(gate_id),
    entered_at TIMESTAMP NOT NULL,
    exit_gate_id INTEGER REFERENCES gate(gate_id),
    exited_at TIMESTAMP,
    amount_paid DECIMAL(10,2)
);
