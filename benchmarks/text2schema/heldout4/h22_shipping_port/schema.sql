CREATE TABLE shipping_line (shipping_line_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, head_office_country TEXT);
CREATE TABLE vessel (imo_number INTEGER PRIMARY KEY, name TEXT NOT NULL, flag_state TEXT, gross_tonnage REAL, overall_length REAL, shipping_line_id INTEGER NOT NULL REFERENCES shipping_line(shipping_line_id));
CREATE TABLE berth (berth_number INTEGER PRIMARY KEY, max_vessel_length REAL, water_depth REAL);
CREATE TABLE port (unlocode TEXT PRIMARY KEY, port_name TEXT NOT NULL, country TEXT);
CREATE TABLE port_call (port_call_id INTEGER PRIMARY KEY, imo_number INTEGER NOT NULL REFERENCES vessel(imo_number), berth_number INTEGER NOT NULL REFERENCES berth(berth_number), arrival_time TIMESTAMP, departure_time TIMESTAMP, origin_port TEXT REFERENCES port(unlocode), next_port TEXT REFERENCES port(unlocode));
CREATE TABLE cargo_type (cargo_type_code TEXT PRIMARY KEY, description TEXT);
CREATE TABLE call_cargo (port_call_id INTEGER REFERENCES port_call(port_call_id), cargo_type_code TEXT REFERENCES cargo_type(cargo_type_code), tonnes_loaded REAL, tonnes_discharged REAL, PRIMARY KEY (port_call_id, cargo_type_code));
