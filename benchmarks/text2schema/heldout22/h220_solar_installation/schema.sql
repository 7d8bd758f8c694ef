CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT);
CREATE TABLE site (site_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), address TEXT NOT NULL, roof_orientation TEXT, roof_pitch_degrees REAL);
CREATE TABLE employee (employee_number INTEGER PRIMARY KEY, name TEXT NOT NULL, job_role TEXT);
CREATE TABLE survey (survey_id INTEGER PRIMARY KEY, site_id INTEGER NOT NULL REFERENCES site(site_id), surveyor_number INTEGER NOT NULL REFERENCES employee(employee_number), survey_date DATE NOT NULL, shading_notes TEXT, recommended_size_kw DECIMAL(5,2));
CREATE TABLE product (model_number TEXT PRIMARY KEY, manufacturer TEXT NOT NULL, category TEXT NOT NULL, unit_price DECIMAL(9,2) NOT NULL);
CREATE TABLE quote (quote_number TEXT PRIMARY KEY, survey_id INTEGER NOT NULL REFERENCES survey(survey_id), quote_date DATE NOT NULL, total_price DECIMAL(10,2), status TEXT NOT NULL);
CREATE TABLE quote_line (quote_number TEXT NOT NULL REFERENCES quote(quote_number), model_number TEXT NOT NULL REFERENCES product(model_number), quantity INTEGER NOT NULL, PRIMARY KEY (quote_number, model_number));
CREATE TABLE installation (installation_id INTEGER PRIMARY KEY, quote_number TEXT NOT NULL UNIQUE REFERENCES quote(quote_number), start_date DATE, completion_date DATE, mcs_certificate_number TEXT UNIQUE, lead_installer_number INTEGER NOT NULL REFERENCES employee(employee_number));
CREATE TABLE installation_crew (installation_id INTEGER NOT NULL REFERENCES installation(installation_id), employee_number INTEGER NOT NULL REFERENCES employee(employee_number), PRIMARY KEY (installation_id, employee_number));
