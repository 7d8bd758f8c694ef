CREATE TABLE cemetery (id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE section (id INTEGER PRIMARY KEY, cemetery_id INTEGER NOT NULL REFERENCES cemetery(id), code TEXT NOT NULL, UNIQUE (cemetery_id, code));
CREATE TABLE plot (id INTEGER PRIMARY KEY, section_id INTEGER NOT NULL REFERENCES section(id), plot_number INTEGER NOT NULL, plot_type TEXT, capacity INTEGER, UNIQUE (section_id, plot_number));
CREATE TABLE lease_holder (id INTEGER PRIMARY KEY, name TEXT NOT NULL, postal_address TEXT, phone TEXT);
CREATE TABLE lease (id INTEGER PRIMARY KEY, plot_id INTEGER NOT NULL REFERENCES plot(id), lease_holder_id INTEGER NOT NULL REFERENCES lease_holder(id), start_date DATE NOT NULL, end_date DATE, fee DECIMAL(10,2));
CREATE TABLE funeral_home (licence_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE burial (id INTEGER PRIMARY KEY, plot_id INTEGER NOT NULL REFERENCES plot(id), funeral_home_licence TEXT REFERENCES funeral_home(licence_number), deceased_name TEXT NOT NULL, date_of_birth DATE, date_of_death DATE, burial_date DATE NOT NULL);
CREATE TABLE maintenance_request (id INTEGER PRIMARY KEY, plot_id INTEGER NOT NULL REFERENCES plot(id), lease_holder_id INTEGER NOT NULL REFERENCES lease_holder(id), request_date DATE NOT NULL, description TEXT, status TEXT);
