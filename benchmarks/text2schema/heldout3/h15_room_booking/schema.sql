CREATE TABLE floor (floor_number INTEGER PRIMARY KEY);
CREATE TABLE room (room_code TEXT PRIMARY KEY, name TEXT, seating_capacity INTEGER, has_video_screen BOOLEAN, floor_number INTEGER NOT NULL REFERENCES floor(floor_number));
CREATE TABLE employee (badge_number INTEGER PRIMARY KEY, name TEXT NOT NULL, department TEXT, email TEXT UNIQUE);
CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, room_code TEXT NOT NULL REFERENCES room(room_code), badge_number INTEGER NOT NULL REFERENCES employee(badge_number), start_time TIMESTAMP, end_time TIMESTAMP, meeting_title TEXT);
CREATE TABLE invitation (booking_id INTEGER REFERENCES booking(booking_id), badge_number INTEGER REFERENCES employee(badge_number), accepted BOOLEAN, PRIMARY KEY (booking_id, badge_number));
CREATE TABLE problem_report (report_id INTEGER PRIMARY KEY, room_code TEXT NOT NULL REFERENCES room(room_code), report_date DATE, description TEXT, resolved BOOLEAN);
