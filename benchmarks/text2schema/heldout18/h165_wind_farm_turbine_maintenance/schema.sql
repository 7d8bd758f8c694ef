CREATE TABLE site (site_id INTEGER PRIMARY KEY, name TEXT NOT NULL, county TEXT, commissioned_date DATE);
CREATE TABLE turbine (serial_number TEXT PRIMARY KEY, model TEXT, rated_capacity_kw DECIMAL(8,1), hub_height_m DECIMAL(6,1), installation_date DATE, site_id INTEGER NOT NULL REFERENCES site(site_id));
CREATE TABLE technician (employee_number TEXT PRIMARY KEY, name TEXT NOT NULL, certification_level TEXT, supervisor_number TEXT REFERENCES technician(employee_number));
CREATE TABLE maintenance_job (job_id INTEGER PRIMARY KEY, serial_number TEXT NOT NULL REFERENCES turbine(serial_number), job_type TEXT NOT NULL, scheduled_date DATE NOT NULL, completed_date DATE, findings TEXT);
CREATE TABLE job_technician (job_id INTEGER REFERENCES maintenance_job(job_id), employee_number TEXT REFERENCES technician(employee_number), hours_worked DECIMAL(5,2), PRIMARY KEY (job_id, employee_number));
CREATE TABLE part (part_number TEXT PRIMARY KEY, description TEXT, unit_cost DECIMAL(10,2));
CREATE TABLE job_part (job_id INTEGER REFERENCES maintenance_job(job_id), part_number TEXT REFERENCES part(part_number), quantity INTEGER NOT NULL, PRIMARY KEY (job_id, part_number));
