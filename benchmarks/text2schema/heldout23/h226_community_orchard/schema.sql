CREATE TABLE plot (plot_letter TEXT PRIMARY KEY, location_description TEXT, soil_type TEXT);
CREATE TABLE variety (variety_id INTEGER PRIMARY KEY, name TEXT NOT NULL, fruit_type TEXT, ripening_month TEXT);
CREATE TABLE tree (tag_number INTEGER PRIMARY KEY, variety_id INTEGER NOT NULL REFERENCES variety(variety_id), rootstock TEXT, planting_year INTEGER, plot_letter TEXT NOT NULL REFERENCES plot(plot_letter));
CREATE TABLE volunteer (membership_number TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT, join_date DATE, mentor_membership_number TEXT REFERENCES volunteer(membership_number));
CREATE TABLE work_day (work_day_id INTEGER PRIMARY KEY, work_date DATE NOT NULL, task TEXT, leader_membership_number TEXT NOT NULL REFERENCES volunteer(membership_number));
CREATE TABLE work_day_attendance (work_day_id INTEGER NOT NULL REFERENCES work_day(work_day_id), membership_number TEXT NOT NULL REFERENCES volunteer(membership_number), hours DECIMAL(4,1), PRIMARY KEY (work_day_id, membership_number));
CREATE TABLE harvest (harvest_id INTEGER PRIMARY KEY, tag_number INTEGER NOT NULL REFERENCES tree(tag_number), membership_number TEXT NOT NULL REFERENCES volunteer(membership_number), harvest_date DATE NOT NULL, weight_kg DECIMAL(6,2) NOT NULL);
