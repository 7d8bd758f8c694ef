CREATE TABLE kiln (kiln_number INTEGER PRIMARY KEY, name TEXT, kiln_type TEXT CHECK (kiln_type IN ('electric', 'gas', 'wood-fired')), max_temperature_celsius INTEGER, price_per_firing DECIMAL(8,2));
CREATE TABLE potter (potter_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone_number TEXT, email TEXT NOT NULL UNIQUE);
CREATE TABLE technician (technician_id INTEGER PRIMARY KEY, name TEXT NOT NULL, gas_certified BOOLEAN);
CREATE TABLE firing (firing_id INTEGER PRIMARY KEY, firing_date DATE NOT NULL, start_time TIME, target_temperature INTEGER, firing_type TEXT CHECK (firing_type IN ('bisque', 'glaze')), kiln_number INTEGER NOT NULL REFERENCES kiln(kiln_number), technician_id INTEGER NOT NULL REFERENCES technician(technician_id));
CREATE TABLE booking (firing_id INTEGER REFERENCES firing(firing_id), potter_id INTEGER REFERENCES potter(potter_id), shelves_reserved INTEGER, amount_charged DECIMAL(8,2), is_paid BOOLEAN, PRIMARY KEY (firing_id, potter_id));
