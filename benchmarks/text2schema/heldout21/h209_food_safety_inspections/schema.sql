CREATE TABLE business_type (business_type_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE food_business (registration_number TEXT PRIMARY KEY, trading_name TEXT NOT NULL, premises_address TEXT NOT NULL, operator_name TEXT, business_type_id INTEGER NOT NULL REFERENCES business_type(business_type_id));
CREATE TABLE inspector (officer_number TEXT PRIMARY KEY, name TEXT NOT NULL, reports_to TEXT REFERENCES inspector(officer_number));
CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, registration_number TEXT NOT NULL REFERENCES food_business(registration_number), inspection_date DATE NOT NULL, lead_inspector TEXT NOT NULL REFERENCES inspector(officer_number), second_inspector TEXT REFERENCES inspector(officer_number), hygiene_rating INTEGER NOT NULL, summary TEXT);
CREATE TABLE regulation_item (item_reference TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE breach (inspection_id INTEGER NOT NULL REFERENCES inspection(inspection_id), item_reference TEXT NOT NULL REFERENCES regulation_item(item_reference), severity TEXT NOT NULL, remedy_deadline DATE, fixed_date DATE, PRIMARY KEY (inspection_id, item_reference));
