CREATE TABLE street (street_id INTEGER PRIMARY KEY, name TEXT NOT NULL, district TEXT);
CREATE TABLE lamp_type (lamp_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL, wattage INTEGER, expected_lifetime_hours INTEGER);
CREATE TABLE lamp_post (asset_tag TEXT PRIMARY KEY, street_id INTEGER NOT NULL REFERENCES street(street_id), lamp_type_id INTEGER NOT NULL REFERENCES lamp_type(lamp_type_id), height_m DECIMAL(4,1), installation_date DATE);
CREATE TABLE resident (resident_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT);
CREATE TABLE repair_crew (crew_id INTEGER PRIMARY KEY, crew_name TEXT NOT NULL, vehicle_registration TEXT);
CREATE TABLE fault_report (report_id INTEGER PRIMARY KEY, asset_tag TEXT NOT NULL REFERENCES lamp_post(asset_tag), resident_id INTEGER NOT NULL REFERENCES resident(resident_id), reported_at TIMESTAMP NOT NULL, description TEXT, crew_id INTEGER REFERENCES repair_crew(crew_id));
CREATE TABLE repair (repair_id INTEGER PRIMARY KEY, report_id INTEGER NOT NULL REFERENCES fault_report(report_id), completion_date DATE, action_taken TEXT, lamp_replaced BOOLEAN);
