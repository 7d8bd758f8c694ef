CREATE TABLE rider (rider_number TEXT PRIMARY KEY, name TEXT NOT NULL, mobile TEXT, start_date DATE);
CREATE TABLE bike (frame_number TEXT PRIMARY KEY, make TEXT, is_electric BOOLEAN);
CREATE TABLE shift (rider_number TEXT NOT NULL REFERENCES rider(rider_number), shift_date DATE NOT NULL, frame_number TEXT NOT NULL REFERENCES bike(frame_number), start_time TIME, finish_time TIME, PRIMARY KEY (rider_number, shift_date));
CREATE TABLE customer (account_number TEXT PRIMARY KEY, company_name TEXT NOT NULL, billing_address TEXT, contact_email TEXT);
CREATE TABLE job (job_number INTEGER PRIMARY KEY, account_number TEXT NOT NULL REFERENCES customer(account_number), rider_number TEXT REFERENCES rider(rider_number), booked_at DATETIME NOT NULL, pickup_address TEXT NOT NULL, dropoff_address TEXT NOT NULL, price DECIMAL(8,2), is_urgent BOOLEAN);
CREATE TABLE parcel (job_number INTEGER NOT NULL REFERENCES job(job_number), parcel_number INTEGER NOT NULL, weight_kg DECIMAL(6,2), description TEXT, delivered_at DATETIME, signed_by TEXT, PRIMARY KEY (job_number, parcel_number));
