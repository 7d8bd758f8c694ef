CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, email TEXT);
CREATE TABLE employee (employee_id INTEGER PRIMARY KEY, name TEXT, job_title TEXT, phone TEXT);
CREATE TABLE installation (installation_id INTEGER PRIMARY KEY, site_address TEXT, roof_orientation TEXT, commissioned_date DATE, capacity_kw REAL, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), lead_installer_id INTEGER NOT NULL REFERENCES employee(employee_id), inspector_id INTEGER NOT NULL REFERENCES employee(employee_id));
CREATE TABLE panel_model (model_number TEXT PRIMARY KEY, brand TEXT, rated_power_w REAL, warranty_years INTEGER);
CREATE TABLE installation_panel (installation_id INTEGER REFERENCES installation(installation_id), model_number TEXT REFERENCES panel_model(model_number), panel_count INTEGER, PRIMARY KEY (installation_id, model_number));
