CREATE TABLE district (
    district_code TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE hydrant (
    hydrant_reference TEXT PRIMARY KEY,
    street TEXT NOT NULL,
    outlet_diameter_mm INTEGER NOT NULL,
    installed_date DATE,
    district_code TEXT NOT NULL REFERENCES district(district_code)
);

CREATE TABLE inspector (
    inspector_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    phone TEXT,
    senior_inspector_id INTEGER REFERENCES inspector(inspector_id)
);

CREATE TABLE defect_type (
    defect_code TEXT PRIMARY KEY,
    description TEXT NOT NULL
);

CREATE TABLE inspection (
    inspection_id INTEGER PRIMARY KEY,
    hydrant_reference TEXT NOT NULL REFERENCES hydrant(hydrant_reference),
    inspector_id INTEGER NOT NULL REFERENCES inspector(inspector_id),
    inspection_date DATE NOT NULL,
    static_pressure_bar DECIMAL(4,1),
    flow_rate_lpm INTEGER,
    passed BOOLEAN NOT NULL
);

CREATE TABLE inspection_defect (
    inspection_id INTEGER NOT NULL REFERENCES inspection(inspection_id),
    defect_code TEXT NOT NULL REFERENCES defect_type(defect_code),
    severity TEXT NOT NULL,
    PRIMARY KEY (inspection_id, defect_code)
);
