CREATE TABLE department (department_number INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, location TEXT);
CREATE TABLE employee (ssn TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT, salary DECIMAL(10,2), birth_date DATE, sex TEXT, department_number INTEGER REFERENCES department(department_number), supervisor_ssn TEXT REFERENCES employee(ssn));
CREATE TABLE project (project_number INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, location TEXT, department_number INTEGER REFERENCES department(department_number));
CREATE TABLE works_on (ssn TEXT REFERENCES employee(ssn), project_number INTEGER REFERENCES project(project_number), hours_per_week REAL, PRIMARY KEY (ssn, project_number));
