CREATE TABLE kennel (kennel_number INTEGER PRIMARY KEY, building TEXT, size TEXT);
CREATE TABLE animal (animal_id INTEGER PRIMARY KEY, name TEXT, species TEXT, breed TEXT, sex TEXT, estimated_birth_date DATE, intake_date DATE, kennel_number INTEGER REFERENCES kennel(kennel_number));
CREATE TABLE vaccination (vaccination_id INTEGER PRIMARY KEY, animal_id INTEGER NOT NULL REFERENCES animal(animal_id), vaccine_name TEXT, given_date DATE, next_due_date DATE);
CREATE TABLE adopter (adopter_id INTEGER PRIMARY KEY, name TEXT, address TEXT, phone TEXT, email TEXT);
CREATE TABLE adoption (adoption_id INTEGER PRIMARY KEY, animal_id INTEGER NOT NULL REFERENCES animal(animal_id), adopter_id INTEGER NOT NULL REFERENCES adopter(adopter_id), adoption_date DATE, fee DECIMAL(10,2), returned_date DATE);
