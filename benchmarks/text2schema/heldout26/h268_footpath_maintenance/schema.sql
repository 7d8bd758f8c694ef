CREATE TABLE parish (parish_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, clerk_name TEXT, clerk_email TEXT);
CREATE TABLE path (path_number TEXT PRIMARY KEY, parish_id INTEGER NOT NULL REFERENCES parish(parish_id), length_m INTEGER);
CREATE TABLE structure (structure_number TEXT PRIMARY KEY, structure_type TEXT NOT NULL, path_number TEXT NOT NULL REFERENCES path(path_number), grid_reference TEXT, year_installed INTEGER);
CREATE TABLE reporter (reporter_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT);
CREATE TABLE ranger (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE report (report_id INTEGER PRIMARY KEY, reporter_id INTEGER NOT NULL REFERENCES reporter(reporter_id), report_date DATE NOT NULL, description TEXT NOT NULL, path_number TEXT NOT NULL REFERENCES path(path_number), structure_number TEXT REFERENCES structure(structure_number), staff_number TEXT NOT NULL REFERENCES ranger(staff_number), priority INTEGER, closed_date DATE);
CREATE TABLE work_visit (work_visit_id INTEGER PRIMARY KEY, report_id INTEGER NOT NULL REFERENCES report(report_id), visit_date DATE NOT NULL, hours DECIMAL(5,2), work_done TEXT);
CREATE TABLE visit_ranger (work_visit_id INTEGER NOT NULL REFERENCES work_visit(work_visit_id), staff_number TEXT NOT NULL REFERENCES ranger(staff_number), PRIMARY KEY (work_visit_id, staff_number));
