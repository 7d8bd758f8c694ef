CREATE TABLE farmer (farmer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone_number TEXT, village TEXT);
CREATE TABLE field (field_id INTEGER PRIMARY KEY, name TEXT, area_hectares REAL, soil_type TEXT, farmer_id INTEGER NOT NULL REFERENCES farmer(farmer_id));
CREATE TABLE crop (crop_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, growing_season TEXT);
CREATE TABLE planting (planting_id INTEGER PRIMARY KEY, field_id INTEGER NOT NULL REFERENCES field(field_id), crop_id INTEGER NOT NULL REFERENCES crop(crop_id), sowing_date DATE, expected_harvest_date DATE);
CREATE TABLE harvest (harvest_id INTEGER PRIMARY KEY, planting_id INTEGER NOT NULL REFERENCES planting(planting_id), harvest_date DATE, quantity_tonnes REAL, quality_grade TEXT);
