CREATE TABLE station (station_code TEXT PRIMARY KEY, name TEXT NOT NULL, latitude REAL, longitude REAL, number_of_docks INTEGER);
CREATE TABLE bike (frame_number TEXT PRIMARY KEY, model TEXT, electric BOOLEAN);
CREATE TABLE mechanic (employee_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE repair (repair_id INTEGER PRIMARY KEY, frame_number TEXT NOT NULL REFERENCES bike(frame_number), employee_id INTEGER NOT NULL REFERENCES mechanic(employee_id), repair_date DATE, fault TEXT, parts_cost DECIMAL(8,2));
CREATE TABLE member (member_number INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, plan TEXT);
CREATE TABLE trip (trip_id INTEGER PRIMARY KEY, member_number INTEGER NOT NULL REFERENCES member(member_number), frame_number TEXT NOT NULL REFERENCES bike(frame_number), start_station_code TEXT NOT NULL REFERENCES station(station_code), end_station_code TEXT REFERENCES station(station_code), start_time TIMESTAMP, end_time TIMESTAMP, fare DECIMAL(8,2));
