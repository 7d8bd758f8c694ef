CREATE TABLE grape_variety (variety_name TEXT PRIMARY KEY, colour TEXT);
CREATE TABLE parcel (parcel_code TEXT PRIMARY KEY, area_hectares REAL, soil_type TEXT, planting_year INTEGER, variety_name TEXT NOT NULL REFERENCES grape_variety(variety_name));
CREATE TABLE wine (wine_number INTEGER PRIMARY KEY, name TEXT, vintage_year INTEGER, alcohol_percentage REAL);
CREATE TABLE wine_variety (wine_number INTEGER REFERENCES wine(wine_number), variety_name TEXT REFERENCES grape_variety(variety_name), blend_percentage REAL, PRIMARY KEY (wine_number, variety_name));
CREATE TABLE rack (rack_number INTEGER PRIMARY KEY, cellar_position TEXT);
CREATE TABLE rack_stock (rack_number INTEGER REFERENCES rack(rack_number), wine_number INTEGER REFERENCES wine(wine_number), bottle_count INTEGER, PRIMARY KEY (rack_number, wine_number));
