CREATE TABLE airline (iata_code TEXT PRIMARY KEY, name TEXT NOT NULL, country TEXT);
CREATE TABLE airport (iata_code TEXT PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE stand (stand_number TEXT PRIMARY KEY, terminal TEXT, has_airbridge BOOLEAN);
CREATE TABLE flight (flight_id INTEGER PRIMARY KEY, flight_number TEXT NOT NULL, airline_code TEXT NOT NULL REFERENCES airline(iata_code), scheduled_arrival TIMESTAMP, scheduled_departure TIMESTAMP, origin_airport TEXT NOT NULL REFERENCES airport(iata_code), destination_airport TEXT NOT NULL REFERENCES airport(iata_code), stand_number TEXT REFERENCES stand(stand_number));
CREATE TABLE equipment (fleet_number TEXT PRIMARY KEY, equipment_type TEXT NOT NULL, last_service_date DATE);
CREATE TABLE agent (employee_number TEXT PRIMARY KEY, name TEXT NOT NULL, licence_category TEXT, supervisor_number TEXT REFERENCES agent(employee_number));
CREATE TABLE handling_task (task_id INTEGER PRIMARY KEY, flight_id INTEGER NOT NULL REFERENCES flight(flight_id), task_type TEXT NOT NULL, start_time TIMESTAMP, finish_time TIMESTAMP, employee_number TEXT NOT NULL REFERENCES agent(employee_number), fleet_number TEXT REFERENCES equipment(fleet_number));
CREATE TABLE handling_delay (delay_id INTEGER PRIMARY KEY, flight_id INTEGER NOT NULL REFERENCES flight(flight_id), delay_code TEXT NOT NULL, minutes_lost INTEGER NOT NULL, explanation TEXT);
