CREATE TABLE zone (zone_code TEXT PRIMARY KEY, name TEXT, district TEXT);
CREATE TABLE driver (license_number TEXT PRIMARY KEY, full_name TEXT, phone TEXT, hire_date DATE);
CREATE TABLE vehicle (plate_number TEXT PRIMARY KEY, make TEXT, model TEXT, seats INTEGER, wheelchair_accessible BOOLEAN);
CREATE TABLE driver_vehicle (license_number TEXT REFERENCES driver(license_number), plate_number TEXT REFERENCES vehicle(plate_number), PRIMARY KEY (license_number, plate_number));
CREATE TABLE ride (ride_number INTEGER PRIMARY KEY, license_number TEXT NOT NULL REFERENCES driver(license_number), plate_number TEXT NOT NULL REFERENCES vehicle(plate_number), pickup_zone_code TEXT NOT NULL REFERENCES zone(zone_code), dropoff_zone_code TEXT NOT NULL REFERENCES zone(zone_code), pickup_time TIMESTAMP, dropoff_time TIMESTAMP, distance_km REAL, fare DECIMAL(10,2), tip DECIMAL(10,2), payment_method TEXT);
