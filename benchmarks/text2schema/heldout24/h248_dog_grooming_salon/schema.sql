CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, mobile_number TEXT NOT NULL UNIQUE, address TEXT);
CREATE TABLE dog (dog_id INTEGER PRIMARY KEY, name TEXT NOT NULL, breed TEXT, date_of_birth DATE, coat_type TEXT CHECK (coat_type IN ('short', 'medium', 'long', 'wire')), temperament_notes TEXT, owner_id INTEGER NOT NULL REFERENCES owner(owner_id));
CREATE TABLE groomer (groomer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, start_date DATE);
CREATE TABLE appointment (appointment_id INTEGER PRIMARY KEY, appointment_date DATE NOT NULL, start_time TIME NOT NULL, status TEXT CHECK (status IN ('booked', 'completed', 'cancelled', 'no-show')), dog_id INTEGER NOT NULL REFERENCES dog(dog_id), groomer_id INTEGER NOT NULL REFERENCES groomer(groomer_id));
CREATE TABLE service (service_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, standard_price DECIMAL(8,2), estimated_duration_minutes INTEGER);
CREATE TABLE appointment_service (appointment_id INTEGER REFERENCES appointment(appointment_id), service_id INTEGER REFERENCES service(service_id), price_charged DECIMAL(8,2), PRIMARY KEY (appointment_id, service_id));
