CREATE TABLE certification_level (level INTEGER PRIMARY KEY, max_total_impulse_ns DECIMAL(8,2) NOT NULL);
CREATE TABLE member (membership_number TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, certification_level INTEGER REFERENCES certification_level(level), mentor_number TEXT REFERENCES member(membership_number));
CREATE TABLE rocket (rocket_id INTEGER PRIMARY KEY, owner_number TEXT NOT NULL REFERENCES member(membership_number), name TEXT NOT NULL, length_cm DECIMAL(6,1), empty_mass_g DECIMAL(7,1), recovery_method TEXT);
CREATE TABLE motor (designation TEXT PRIMARY KEY, manufacturer TEXT, total_impulse_ns DECIMAL(8,2) NOT NULL, delay_seconds INTEGER);
CREATE TABLE launch_field (field_id INTEGER PRIMARY KEY, name TEXT NOT NULL, landowner_contact TEXT);
CREATE TABLE launch_day (launch_day_id INTEGER PRIMARY KEY, field_id INTEGER NOT NULL REFERENCES launch_field(field_id), launch_date DATE NOT NULL, wind_speed_kmh DECIMAL(5,1), range_safety_officer TEXT REFERENCES member(membership_number));
CREATE TABLE flight (flight_id INTEGER PRIMARY KEY, rocket_id INTEGER NOT NULL REFERENCES rocket(rocket_id), launch_day_id INTEGER NOT NULL REFERENCES launch_day(launch_day_id), motor_designation TEXT NOT NULL REFERENCES motor(designation), launch_time TIME, peak_altitude_m DECIMAL(7,1), recovery_successful BOOLEAN);
