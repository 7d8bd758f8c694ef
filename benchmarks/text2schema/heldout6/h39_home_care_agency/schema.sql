CREATE TABLE caregiver (employee_number INTEGER PRIMARY KEY, name TEXT, phone TEXT, qualification_level TEXT, supervisor_number INTEGER REFERENCES caregiver(employee_number));
CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT, home_address TEXT, date_of_birth DATE);
CREATE TABLE care_task (task_code TEXT PRIMARY KEY, description TEXT);
CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES client(client_id), employee_number INTEGER NOT NULL REFERENCES caregiver(employee_number), scheduled_start TIMESTAMP, planned_duration_minutes INTEGER, notes TEXT);
CREATE TABLE visit_task (visit_id INTEGER REFERENCES visit(visit_id), task_code TEXT REFERENCES care_task(task_code), completed BOOLEAN, PRIMARY KEY (visit_id, task_code));
