CREATE TABLE airplane (registration_number TEXT PRIMARY KEY, model TEXT, capacity INTEGER);
CREATE TABLE crew_member (employee_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone_number TEXT);
CREATE TABLE airport (code CHAR(3) PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE flight (flight_number TEXT PRIMARY KEY, departure_time TIMESTAMP, arrival_time TIMESTAMP, departure_airport TEXT REFERENCES airport(code), arrival_airport TEXT REFERENCES airport(code), airplane_registration TEXT REFERENCES airplane(registration_number), captain_id INTEGER REFERENCES crew_member(employee_id), first_officer_id INTEGER REFERENCES crew_member(employee_id));
