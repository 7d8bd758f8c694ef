CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT NOT NULL, mobile TEXT, date_of_birth DATE, referred_by_client_id INTEGER REFERENCES client(client_id));
CREATE TABLE beautician (beautician_id INTEGER PRIMARY KEY, name TEXT NOT NULL, commission_rate DECIMAL(5,2));
CREATE TABLE treatment (treatment_id INTEGER PRIMARY KEY, name TEXT NOT NULL, standard_duration_minutes INTEGER, standard_price DECIMAL(8,2));
CREATE TABLE product (product_id INTEGER PRIMARY KEY, name TEXT NOT NULL, brand TEXT, price DECIMAL(8,2));
CREATE TABLE appointment (appointment_id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES client(client_id), beautician_id INTEGER NOT NULL REFERENCES beautician(beautician_id), appointment_date DATE NOT NULL, start_time TIME);
CREATE TABLE appointment_treatment (appointment_id INTEGER REFERENCES appointment(appointment_id), treatment_id INTEGER REFERENCES treatment(treatment_id), price_charged DECIMAL(8,2), PRIMARY KEY (appointment_id, treatment_id));
CREATE TABLE appointment_product (appointment_id INTEGER REFERENCES appointment(appointment_id), product_id INTEGER REFERENCES product(product_id), quantity INTEGER, PRIMARY KEY (appointment_id, product_id));
