CREATE TABLE cheese_type (cheese_type_id INTEGER PRIMARY KEY, name TEXT, milk_type TEXT, min_aging_days INTEGER);
CREATE TABLE farm (farm_id INTEGER PRIMARY KEY, name TEXT, farmer_name TEXT, phone TEXT, is_organic BOOLEAN);
CREATE TABLE cellar_room (cellar_room_id INTEGER PRIMARY KEY, name TEXT, target_temperature REAL, target_humidity REAL);
CREATE TABLE batch (batch_id INTEGER PRIMARY KEY, cheese_type_id INTEGER REFERENCES cheese_type(cheese_type_id), farm_id INTEGER REFERENCES farm(farm_id), cellar_room_id INTEGER REFERENCES cellar_room(cellar_room_id), make_date DATE, milk_liters REAL, wheel_count INTEGER);
CREATE TABLE employee (employee_id INTEGER PRIMARY KEY, name TEXT, start_date DATE);
CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, batch_id INTEGER REFERENCES batch(batch_id), employee_id INTEGER REFERENCES employee(employee_id), inspection_date DATE, avg_wheel_weight_kg REAL, was_turned BOOLEAN, comment TEXT);
