CREATE TABLE plan (plan_id INTEGER PRIMARY KEY, name TEXT NOT NULL, monthly_price DECIMAL(8,2), included_room_hours INTEGER);
CREATE TABLE member (member_number TEXT PRIMARY KEY, fob_number TEXT UNIQUE, name TEXT NOT NULL, email TEXT, company_name TEXT, join_date DATE, plan_id INTEGER NOT NULL REFERENCES plan(plan_id), referred_by_member_number TEXT REFERENCES member(member_number));
CREATE TABLE desk (desk_number TEXT PRIMARY KEY, floor INTEGER);
CREATE TABLE desk_assignment (desk_number TEXT NOT NULL REFERENCES desk(desk_number), start_date DATE NOT NULL, member_number TEXT NOT NULL REFERENCES member(member_number), end_date DATE, PRIMARY KEY (desk_number, start_date));
CREATE TABLE meeting_room (room_id INTEGER PRIMARY KEY, name TEXT NOT NULL, capacity INTEGER, hourly_rate DECIMAL(7,2));
CREATE TABLE room_booking (booking_id INTEGER PRIMARY KEY, room_id INTEGER NOT NULL REFERENCES meeting_room(room_id), member_number TEXT NOT NULL REFERENCES member(member_number), booking_date DATE NOT NULL, start_time TIME NOT NULL, end_time TIME NOT NULL, expected_attendees INTEGER);
CREATE TABLE invoice (invoice_number INTEGER PRIMARY KEY, member_number TEXT NOT NULL REFERENCES member(member_number), issue_date DATE NOT NULL, total_amount DECIMAL(8,2), is_paid BOOLEAN);
