CREATE TABLE company (company_id INTEGER PRIMARY KEY, name TEXT NOT NULL, billing_address TEXT);
CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, phone_number TEXT, company_id INTEGER REFERENCES company(company_id));
CREATE TABLE plan (plan_name TEXT PRIMARY KEY, monthly_price DECIMAL(10,2), included_room_hours INTEGER, round_the_clock_access BOOLEAN);
CREATE TABLE membership (membership_id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES member(member_id), plan_name TEXT NOT NULL REFERENCES plan(plan_name), start_date DATE, end_date DATE, auto_renew BOOLEAN);
CREATE TABLE meeting_room (room_name TEXT PRIMARY KEY, seating_capacity INTEGER, hourly_rate DECIMAL(10,2));
CREATE TABLE room_booking (booking_id INTEGER PRIMARY KEY, member_id INTEGER NOT NULL REFERENCES member(member_id), room_name TEXT NOT NULL REFERENCES meeting_room(room_name), start_time TIMESTAMP, end_time TIMESTAMP, expected_attendees INTEGER);
