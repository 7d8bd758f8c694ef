CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, town TEXT);
CREATE TABLE staff_member (employee_number TEXT PRIMARY KEY, name TEXT NOT NULL, job_title TEXT);
CREATE TABLE donor (donor_number TEXT PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL, date_of_birth DATE, sex TEXT, blood_group TEXT, phone TEXT);
CREATE TABLE donation_drive (drive_id INTEGER PRIMARY KEY, venue_id INTEGER NOT NULL REFERENCES venue(venue_id), start_time TIMESTAMP NOT NULL, end_time TIMESTAMP, coordinator_number TEXT NOT NULL REFERENCES staff_member(employee_number));
CREATE TABLE drive_staff (drive_id INTEGER REFERENCES donation_drive(drive_id), employee_number TEXT REFERENCES staff_member(employee_number), role TEXT, PRIMARY KEY (drive_id, employee_number));
CREATE TABLE donation (bag_number TEXT PRIMARY KEY, donor_number TEXT NOT NULL REFERENCES donor(donor_number), drive_id INTEGER NOT NULL REFERENCES donation_drive(drive_id), donation_time TIMESTAMP NOT NULL, volume_ml INTEGER, haemoglobin_level DECIMAL(4,1), screening_date DATE, screening_passed BOOLEAN);
