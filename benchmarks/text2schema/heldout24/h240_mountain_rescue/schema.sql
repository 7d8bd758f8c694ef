CREATE TABLE volunteer (call_sign TEXT PRIMARY KEY, name TEXT NOT NULL, mobile_number TEXT, qualification_date DATE, is_casualty_carer BOOLEAN, mentor_call_sign TEXT REFERENCES volunteer(call_sign));
CREATE TABLE call_out (incident_number INTEGER PRIMARY KEY, alarm_raised_at TIMESTAMP NOT NULL, grid_reference TEXT, incident_type TEXT CHECK (incident_type IN ('lost walker', 'fall', 'medical', 'avalanche', 'water rescue')));
CREATE TABLE attendance (incident_number INTEGER REFERENCES call_out(incident_number), call_sign TEXT REFERENCES volunteer(call_sign), role TEXT, hours_spent DECIMAL(5,2), PRIMARY KEY (incident_number, call_sign));
CREATE TABLE vehicle (vehicle_id INTEGER PRIMARY KEY, registration_plate TEXT NOT NULL UNIQUE, description TEXT);
CREATE TABLE call_out_vehicle (incident_number INTEGER REFERENCES call_out(incident_number), vehicle_id INTEGER REFERENCES vehicle(vehicle_id), PRIMARY KEY (incident_number, vehicle_id));
