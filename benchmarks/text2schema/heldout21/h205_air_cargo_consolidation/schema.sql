CREATE TABLE company (company_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, contact_email TEXT);
CREATE TABLE airport (iata_code TEXT PRIMARY KEY, city TEXT NOT NULL, country TEXT NOT NULL);
CREATE TABLE airline (airline_code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE flight (flight_id INTEGER PRIMARY KEY, airline_code TEXT NOT NULL REFERENCES airline(airline_code), flight_number TEXT NOT NULL, flight_date DATE NOT NULL, departure_airport TEXT NOT NULL REFERENCES airport(iata_code), arrival_airport TEXT NOT NULL REFERENCES airport(iata_code), UNIQUE (airline_code, flight_number, flight_date));
CREATE TABLE master_air_waybill (mawb_number TEXT PRIMARY KEY, flight_id INTEGER NOT NULL REFERENCES flight(flight_id), chargeable_weight_kg DECIMAL(10,2));
CREATE TABLE shipment (house_waybill_number TEXT PRIMARY KEY, shipper_id INTEGER NOT NULL REFERENCES company(company_id), consignee_id INTEGER NOT NULL REFERENCES company(company_id), pieces INTEGER NOT NULL, gross_weight_kg DECIMAL(10,2) NOT NULL, goods_description TEXT, dangerous_goods BOOLEAN NOT NULL);
CREATE TABLE shipment_leg (house_waybill_number TEXT NOT NULL REFERENCES shipment(house_waybill_number), mawb_number TEXT NOT NULL REFERENCES master_air_waybill(mawb_number), leg_order INTEGER NOT NULL, PRIMARY KEY (house_waybill_number, mawb_number), UNIQUE (house_waybill_number, leg_order));
