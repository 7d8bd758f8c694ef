CREATE TABLE member (membership_number INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, phone TEXT, is_coach BOOLEAN);
CREATE TABLE boat (id INTEGER PRIMARY KEY, name TEXT NOT NULL, boat_type TEXT, seat_count INTEGER, purchase_year INTEGER);
CREATE TABLE outing (id INTEGER PRIMARY KEY, boat_id INTEGER NOT NULL REFERENCES boat(id), coach_number INTEGER REFERENCES member(membership_number), outing_date DATE NOT NULL, start_time TEXT, distance_km REAL);
CREATE TABLE outing_seat (outing_id INTEGER NOT NULL REFERENCES outing(id), membership_number INTEGER NOT NULL REFERENCES member(membership_number), seat_number INTEGER NOT NULL, PRIMARY KEY (outing_id, membership_number));
CREATE TABLE damage_report (id INTEGER PRIMARY KEY, boat_id INTEGER NOT NULL REFERENCES boat(id), reported_by INTEGER NOT NULL REFERENCES member(membership_number), report_date DATE NOT NULL, description TEXT, repaired_by INTEGER REFERENCES member(membership_number), repair_date DATE);
