CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT, email TEXT, membership_start_date DATE, dues_paid BOOLEAN);
CREATE TABLE workshop_area (workshop_area_id INTEGER PRIMARY KEY, name TEXT, floor INTEGER);
CREATE TABLE equipment (equipment_id INTEGER PRIMARY KEY, name TEXT, make_model TEXT, workshop_area_id INTEGER REFERENCES workshop_area(workshop_area_id), requires_certification BOOLEAN);
CREATE TABLE training_session (training_session_id INTEGER PRIMARY KEY, equipment_id INTEGER REFERENCES equipment(equipment_id), session_date DATE, max_participants INTEGER, instructor_id INTEGER REFERENCES member(member_id));
CREATE TABLE session_attendance (training_session_id INTEGER REFERENCES training_session(training_session_id), member_id INTEGER REFERENCES member(member_id), passed BOOLEAN, PRIMARY KEY (training_session_id, member_id));
CREATE TABLE certification (member_id INTEGER REFERENCES member(member_id), equipment_id INTEGER REFERENCES equipment(equipment_id), granted_date DATE, expiry_date DATE, certified_by_id INTEGER REFERENCES member(member_id), PRIMARY KEY (member_id, equipment_id));
