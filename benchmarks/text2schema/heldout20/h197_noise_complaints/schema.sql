CREATE TABLE officer (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL, line_manager_staff_number TEXT REFERENCES officer(staff_number));
CREATE TABLE complainant (complainant_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, address TEXT);
CREATE TABLE premises_category (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE premises (premises_id INTEGER PRIMARY KEY, address TEXT NOT NULL, business_name TEXT, category_id INTEGER NOT NULL REFERENCES premises_category(category_id));
CREATE TABLE noise_type (noise_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE complaint (reference TEXT PRIMARY KEY, received_at TIMESTAMP NOT NULL, description TEXT, complainant_id INTEGER NOT NULL REFERENCES complainant(complainant_id), premises_id INTEGER NOT NULL REFERENCES premises(premises_id), noise_type_id INTEGER NOT NULL REFERENCES noise_type(noise_type_id), assigned_officer TEXT REFERENCES officer(staff_number));
CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, complaint_reference TEXT NOT NULL REFERENCES complaint(reference), staff_number TEXT NOT NULL REFERENCES officer(staff_number), visited_at TIMESTAMP NOT NULL, decibel_reading DECIMAL(5,1), nuisance_witnessed BOOLEAN NOT NULL);
CREATE TABLE abatement_notice (notice_number TEXT PRIMARY KEY, premises_id INTEGER NOT NULL REFERENCES premises(premises_id), served_date DATE NOT NULL, compliance_deadline DATE NOT NULL, staff_number TEXT NOT NULL REFERENCES officer(staff_number));
CREATE TABLE notice_complaint (notice_number TEXT NOT NULL REFERENCES abatement_notice(notice_number), complaint_reference TEXT NOT NULL REFERENCES complaint(reference), PRIMARY KEY (notice_number, complaint_reference));
