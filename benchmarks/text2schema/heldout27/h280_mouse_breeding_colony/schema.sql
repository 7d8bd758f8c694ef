CREATE TABLE strain (
    strain_code TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    genotype_description TEXT
);

CREATE TABLE cage (
    cage_number INTEGER PRIMARY KEY,
    room TEXT NOT NULL,
    rack_position TEXT
);

CREATE TABLE researcher (
    researcher_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    personal_licence_number TEXT
);

CREATE TABLE project (
    project_licence_number TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    expiry_date DATE,
    principal_investigator_id INTEGER NOT NULL REFERENCES researcher(researcher_id)
);

CREATE TABLE mouse (
    ear_tag TEXT PRIMARY KEY,
    sex TEXT NOT NULL,
    birth_date DATE,
    strain_code TEXT NOT NULL REFERENCES strain(strain_code),
    cage_number INTEGER REFERENCES cage(cage_number),
    mother_ear_tag TEXT REFERENCES mouse(ear_tag),
    father_ear_tag TEXT REFERENCES mouse(ear_tag),
    project_licence_number TEXT REFERENCES project(project_licence_number)
);

CREATE TABLE procedure_type (
    procedure_code TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE mouse_procedure (
    ear_tag TEXT NOT NULL REFERENCES mouse(ear_tag),
    procedure_code TEXT NOT NULL REFERENCES procedure_type(procedure_code),
    performed_date DATE NOT NULL,
    researcher_id INTEGER NOT NULL REFERENCES researcher(researcher_id),
    PRIMARY KEY (ear_tag, procedure_code)
);
