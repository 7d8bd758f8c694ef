CREATE TABLE branch (branch_code TEXT PRIMARY KEY, address TEXT NOT NULL, opening_hours TEXT, is_plant BOOLEAN NOT NULL);
CREATE TABLE employee (employee_number INTEGER PRIMARY KEY, name TEXT NOT NULL, branch_code TEXT NOT NULL REFERENCES branch(branch_code));
CREATE TABLE customer (loyalty_card_number TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, wants_sms BOOLEAN NOT NULL);
CREATE TABLE garment_type (garment_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, base_price DECIMAL(6,2) NOT NULL);
CREATE TABLE treatment (treatment_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE order_ticket (ticket_number INTEGER PRIMARY KEY, loyalty_card_number TEXT NOT NULL REFERENCES customer(loyalty_card_number), branch_code TEXT NOT NULL REFERENCES branch(branch_code), received_by INTEGER NOT NULL REFERENCES employee(employee_number), dropoff_date DATE NOT NULL, promised_date DATE NOT NULL, collection_date DATE, handed_over_by INTEGER REFERENCES employee(employee_number), payment_method TEXT);
CREATE TABLE garment (barcode TEXT PRIMARY KEY, ticket_number INTEGER NOT NULL REFERENCES order_ticket(ticket_number), garment_type_id INTEGER NOT NULL REFERENCES garment_type(garment_type_id), colour TEXT, brand TEXT, stain_notes TEXT);
CREATE TABLE garment_treatment (barcode TEXT NOT NULL REFERENCES garment(barcode), treatment_id INTEGER NOT NULL REFERENCES treatment(treatment_id), employee_number INTEGER NOT NULL REFERENCES employee(employee_number), treated_at DATETIME NOT NULL, surcharge DECIMAL(6,2), PRIMARY KEY (barcode, treatment_id));
