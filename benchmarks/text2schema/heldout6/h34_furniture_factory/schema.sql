CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, company_name TEXT, phone TEXT);
CREATE TABLE component (part_number TEXT PRIMARY KEY, description TEXT, unit_cost DECIMAL(10,2), supplier_id INTEGER NOT NULL REFERENCES supplier(supplier_id));
CREATE TABLE product (model_code TEXT PRIMARY KEY, name TEXT, list_price DECIMAL(10,2));
CREATE TABLE product_component (model_code TEXT REFERENCES product(model_code), part_number TEXT REFERENCES component(part_number), quantity INTEGER, PRIMARY KEY (model_code, part_number));
CREATE TABLE workstation (workstation_id INTEGER PRIMARY KEY, name TEXT, hourly_cost DECIMAL(10,2));
CREATE TABLE production_order (order_number INTEGER PRIMARY KEY, quantity INTEGER, start_date DATE, due_date DATE, status TEXT, model_code TEXT NOT NULL REFERENCES product(model_code), workstation_id INTEGER NOT NULL REFERENCES workstation(workstation_id));
