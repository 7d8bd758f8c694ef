CREATE TABLE breed (breed_id INTEGER PRIMARY KEY, name TEXT NOT NULL, purpose TEXT);
CREATE TABLE sheep (ear_tag TEXT PRIMARY KEY, breed_id INTEGER NOT NULL REFERENCES breed(breed_id), sex TEXT NOT NULL, birth_date DATE, birth_weight_kg DECIMAL(5,2), dam_ear_tag TEXT REFERENCES sheep(ear_tag), sire_ear_tag TEXT REFERENCES sheep(ear_tag));
CREATE TABLE field (field_id INTEGER PRIMARY KEY, name TEXT NOT NULL, area_hectares DECIMAL(6,2));
CREATE TABLE movement (movement_id INTEGER PRIMARY KEY, ear_tag TEXT NOT NULL REFERENCES sheep(ear_tag), field_id INTEGER NOT NULL REFERENCES field(field_id), date_in DATE NOT NULL, date_out DATE);
CREATE TABLE product (product_id INTEGER PRIMARY KEY, name TEXT NOT NULL, withdrawal_days INTEGER);
CREATE TABLE treatment (treatment_id INTEGER PRIMARY KEY, ear_tag TEXT NOT NULL REFERENCES sheep(ear_tag), product_id INTEGER NOT NULL REFERENCES product(product_id), treatment_date DATE NOT NULL, dose_ml DECIMAL(6,2));
CREATE TABLE weighing (ear_tag TEXT REFERENCES sheep(ear_tag), weighing_date DATE, weight_kg DECIMAL(5,2) NOT NULL, PRIMARY KEY (ear_tag, weighing_date));
