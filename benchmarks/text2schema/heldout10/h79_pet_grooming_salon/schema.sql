CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, phone TEXT, email TEXT);
CREATE TABLE pet (pet_id INTEGER PRIMARY KEY, owner_id INTEGER REFERENCES owner(owner_id), name TEXT, species TEXT, breed TEXT, birth_date DATE, notes TEXT);
CREATE TABLE groomer (groomer_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, start_date DATE);
CREATE TABLE service (service_id INTEGER PRIMARY KEY, name TEXT, standard_price REAL, duration_minutes INTEGER);
CREATE TABLE appointment (appointment_id INTEGER PRIMARY KEY, pet_id INTEGER REFERENCES pet(pet_id), groomer_id INTEGER REFERENCES groomer(groomer_id), scheduled_at DATETIME, status TEXT);
CREATE TABLE appointment_service (appointment_id INTEGER REFERENCES appointment(appointment_id), service_id INTEGER REFERENCES service(service_id), price_charged REAL, PRIMARY KEY (appointment_id, service_id));
