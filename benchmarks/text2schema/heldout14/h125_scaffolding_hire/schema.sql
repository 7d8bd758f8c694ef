CREATE TABLE staff_member (staff_id INTEGER PRIMARY KEY, name TEXT NOT NULL, job_title TEXT, mobile TEXT);
CREATE TABLE contractor (contractor_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, address TEXT, account_manager_id INTEGER NOT NULL REFERENCES staff_member(staff_id));
CREATE TABLE hire_contract (contract_id INTEGER PRIMARY KEY, contractor_id INTEGER NOT NULL REFERENCES contractor(contractor_id), site_address TEXT NOT NULL, start_date DATE NOT NULL, planned_end_date DATE, weekly_rate DECIMAL(10,2));
CREATE TABLE component_type (code TEXT PRIMARY KEY, description TEXT NOT NULL, replacement_cost DECIMAL(8,2));
CREATE TABLE contract_component (contract_id INTEGER REFERENCES hire_contract(contract_id), code TEXT REFERENCES component_type(code), quantity INTEGER NOT NULL, PRIMARY KEY (contract_id, code));
CREATE TABLE scaffold_job (job_id INTEGER PRIMARY KEY, contract_id INTEGER NOT NULL REFERENCES hire_contract(contract_id), job_date DATE NOT NULL, job_type TEXT, height_m DECIMAL(5,1));
CREATE TABLE job_staff (job_id INTEGER REFERENCES scaffold_job(job_id), staff_id INTEGER REFERENCES staff_member(staff_id), PRIMARY KEY (job_id, staff_id));
