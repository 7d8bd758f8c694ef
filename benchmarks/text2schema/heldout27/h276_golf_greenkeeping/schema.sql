CREATE TABLE course (
    course_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE hole (
    course_id INTEGER NOT NULL REFERENCES course(course_id),
    hole_number INTEGER NOT NULL,
    par INTEGER NOT NULL,
    length_yards INTEGER NOT NULL,
    PRIMARY KEY (course_id, hole_number)
);

CREATE TABLE staff_member (
    staff_member_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    mobile TEXT,
    line_manager_id INTEGER REFERENCES staff_member(staff_member_id)
);

CREATE TABLE task_type (
    task_type_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE machine (
    asset_tag TEXT PRIMARY KEY,
    make TEXT,
    model TEXT,
    purchase_date DATE
);

CREATE TABLE product (
    product_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    active_ingredient TEXT
);

CREATE TABLE work_log (
    work_log_id INTEGER PRIMARY KEY,
    task_type_id INTEGER NOT NULL REFERENCES task_type(task_type_id),
    staff_member_id INTEGER NOT NULL REFERENCES staff_member(staff_member_id),
    course_id INTEGER NOT NULL,
    hole_number INTEGER NOT NULL,
    work_date DATE NOT NULL,
    hours_spent DECIMAL(4,2) NOT NULL,
    machine_asset_tag TEXT REFERENCES machine(asset_tag),
    FOREIGN KEY (course_id, hole_number) REFERENCES hole(course_id, hole_number)
);

CREATE TABLE work_log_product (
    work_log_id INTEGER NOT NULL REFERENCES work_log(work_log_id),
    product_id INTEGER NOT NULL REFERENCES product(product_id),
    quantity_kg DECIMAL(7,2) NOT NULL,
    PRIMARY KEY (work_log_id, product_id)
);
