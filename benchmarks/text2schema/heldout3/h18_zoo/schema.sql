CREATE TABLE species (species_id INTEGER PRIMARY KEY, common_name TEXT NOT NULL, scientific_name TEXT UNIQUE, conservation_status TEXT);
CREATE TABLE enclosure (enclosure_number INTEGER PRIMARY KEY, habitat_type TEXT, area_square_metres REAL);
CREATE TABLE animal (tag TEXT PRIMARY KEY, name TEXT, sex TEXT, date_of_birth DATE, species_id INTEGER NOT NULL REFERENCES species(species_id), enclosure_number INTEGER REFERENCES enclosure(enclosure_number));
CREATE TABLE keeper (employee_number INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE enclosure_keeper (enclosure_number INTEGER REFERENCES enclosure(enclosure_number), employee_number INTEGER REFERENCES keeper(employee_number), PRIMARY KEY (enclosure_number, employee_number));
CREATE TABLE vet (licence_number TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE examination (examination_id INTEGER PRIMARY KEY, tag TEXT NOT NULL REFERENCES animal(tag), licence_number TEXT NOT NULL REFERENCES vet(licence_number), examination_date DATE, weight REAL, notes TEXT);
