CREATE TABLE greenhouse (greenhouse_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, floor_area_m2 DECIMAL(8,2));
CREATE TABLE reservoir (reservoir_id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE, capacity_litres DECIMAL(8,1));
CREATE TABLE grow_bed (greenhouse_id INTEGER NOT NULL REFERENCES greenhouse(greenhouse_id), bed_number INTEGER NOT NULL, system_type TEXT, reservoir_id INTEGER NOT NULL REFERENCES reservoir(reservoir_id), PRIMARY KEY (greenhouse_id, bed_number));
CREATE TABLE crop_variety (variety_id INTEGER PRIMARY KEY, name TEXT NOT NULL, species TEXT, days_to_harvest INTEGER);
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT NOT NULL, job_role TEXT);
CREATE TABLE planting (planting_id INTEGER PRIMARY KEY, greenhouse_id INTEGER NOT NULL, bed_number INTEGER NOT NULL, variety_id INTEGER NOT NULL REFERENCES crop_variety(variety_id), planting_date DATE NOT NULL, plug_count INTEGER, harvest_date DATE, harvest_weight_kg DECIMAL(8,2), FOREIGN KEY (greenhouse_id, bed_number) REFERENCES grow_bed(greenhouse_id, bed_number));
CREATE TABLE reservoir_reading (reading_id INTEGER PRIMARY KEY, reservoir_id INTEGER NOT NULL REFERENCES reservoir(reservoir_id), taken_at TIMESTAMP NOT NULL, ph DECIMAL(4,2), ec_ms_cm DECIMAL(5,2), water_temp_c DECIMAL(4,1), staff_id INTEGER REFERENCES staff(staff_id), UNIQUE (reservoir_id, taken_at));
CREATE TABLE nutrient_product (product_id INTEGER PRIMARY KEY, brand TEXT NOT NULL, npk_ratio TEXT);
CREATE TABLE nutrient_dose (dose_id INTEGER PRIMARY KEY, reservoir_id INTEGER NOT NULL REFERENCES reservoir(reservoir_id), product_id INTEGER NOT NULL REFERENCES nutrient_product(product_id), dose_date DATE NOT NULL, amount_ml DECIMAL(8,1) NOT NULL, staff_id INTEGER REFERENCES staff(staff_id));
