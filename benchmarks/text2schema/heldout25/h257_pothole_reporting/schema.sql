CREATE TABLE priority_category (category_code TEXT PRIMARY KEY, description TEXT NOT NULL, target_response_hours INTEGER NOT NULL);
CREATE TABLE road (usrn INTEGER PRIMARY KEY, road_name TEXT NOT NULL, town TEXT, speed_limit INTEGER);
CREATE TABLE inspector (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE defect (defect_reference TEXT PRIMARY KEY, usrn INTEGER NOT NULL REFERENCES road(usrn), location_note TEXT, depth_mm INTEGER, status TEXT NOT NULL, assessed_by_staff_number TEXT REFERENCES inspector(staff_number), assessed_date DATE, category_code TEXT REFERENCES priority_category(category_code));
CREATE TABLE reporter (reporter_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, phone TEXT);
CREATE TABLE report (report_id INTEGER PRIMARY KEY, reporter_id INTEGER NOT NULL REFERENCES reporter(reporter_id), defect_reference TEXT NOT NULL REFERENCES defect(defect_reference), reported_at TIMESTAMP NOT NULL, description TEXT, photo_supplied BOOLEAN NOT NULL);
CREATE TABLE repair_gang (gang_code TEXT PRIMARY KEY, supervisor_name TEXT NOT NULL, van_registration TEXT);
CREATE TABLE works_order (order_number TEXT PRIMARY KEY, gang_code TEXT NOT NULL REFERENCES repair_gang(gang_code), defect_reference TEXT NOT NULL REFERENCES defect(defect_reference), issue_date DATE NOT NULL, scheduled_date DATE, completion_date DATE);
