CREATE TABLE donor (donor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, donor_type TEXT, phone TEXT);
CREATE TABLE volunteer (volunteer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT);
CREATE TABLE food_item (food_item_id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT, unit_of_measure TEXT);
CREATE TABLE household (household_id INTEGER PRIMARY KEY, reference_name TEXT NOT NULL, postcode TEXT, number_of_people INTEGER);
CREATE TABLE donation (donation_id INTEGER PRIMARY KEY, donor_id INTEGER NOT NULL REFERENCES donor(donor_id), volunteer_id INTEGER NOT NULL REFERENCES volunteer(volunteer_id), donation_date DATE);
CREATE TABLE donation_item (donation_id INTEGER REFERENCES donation(donation_id), food_item_id INTEGER REFERENCES food_item(food_item_id), quantity INTEGER, best_before_date DATE, PRIMARY KEY (donation_id, food_item_id));
CREATE TABLE food_parcel (parcel_id INTEGER PRIMARY KEY, household_id INTEGER NOT NULL REFERENCES household(household_id), volunteer_id INTEGER NOT NULL REFERENCES volunteer(volunteer_id), handout_date DATE);
CREATE TABLE parcel_item (parcel_id INTEGER REFERENCES food_parcel(parcel_id), food_item_id INTEGER REFERENCES food_item(food_item_id), quantity INTEGER, PRIMARY KEY (parcel_id, food_item_id));
