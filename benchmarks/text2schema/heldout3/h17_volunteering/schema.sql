CREATE TABLE volunteer (volunteer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, phone_number TEXT, join_date DATE);
CREATE TABLE staff_member (staff_id INTEGER PRIMARY KEY, name TEXT NOT NULL, job_title TEXT);
CREATE TABLE project (project_id INTEGER PRIMARY KEY, name TEXT NOT NULL, town TEXT, start_date DATE, coordinator_staff_id INTEGER REFERENCES staff_member(staff_id));
CREATE TABLE shift (shift_id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL REFERENCES project(project_id), shift_date DATE, start_hour TIME, end_hour TIME);
CREATE TABLE shift_booking (shift_id INTEGER REFERENCES shift(shift_id), volunteer_id INTEGER REFERENCES volunteer(volunteer_id), PRIMARY KEY (shift_id, volunteer_id));
CREATE TABLE certificate (certificate_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE volunteer_certificate (volunteer_id INTEGER REFERENCES volunteer(volunteer_id), certificate_id INTEGER REFERENCES certificate(certificate_id), expiry_date DATE, PRIMARY KEY (volunteer_id, certificate_id));
