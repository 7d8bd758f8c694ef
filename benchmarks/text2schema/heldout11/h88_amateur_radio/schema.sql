CREATE TABLE member (call_sign TEXT PRIMARY KEY, name TEXT NOT NULL, licence_class TEXT, join_date DATE, mentor_call_sign TEXT REFERENCES member(call_sign));
CREATE TABLE contact (id INTEGER PRIMARY KEY, member_call_sign TEXT NOT NULL REFERENCES member(call_sign), contact_time TIMESTAMP NOT NULL, frequency_mhz REAL, band TEXT, mode TEXT, report_sent TEXT, report_received TEXT, other_call_sign TEXT NOT NULL);
CREATE TABLE award (id INTEGER PRIMARY KEY, name TEXT NOT NULL, required_contacts INTEGER);
CREATE TABLE member_award (member_call_sign TEXT NOT NULL REFERENCES member(call_sign), award_id INTEGER NOT NULL REFERENCES award(id), awarded_date DATE, PRIMARY KEY (member_call_sign, award_id));
CREATE TABLE equipment (id INTEGER PRIMARY KEY, name TEXT NOT NULL, type TEXT, serial_number TEXT);
CREATE TABLE equipment_loan (id INTEGER PRIMARY KEY, equipment_id INTEGER NOT NULL REFERENCES equipment(id), member_call_sign TEXT NOT NULL REFERENCES member(call_sign), borrowed_date DATE NOT NULL, returned_date DATE);
