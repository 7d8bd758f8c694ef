CREATE TABLE importer (importer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, tax_id_number TEXT, address TEXT);
CREATE TABLE broker (broker_id INTEGER PRIMARY KEY, name TEXT NOT NULL, licence_number TEXT);
CREATE TABLE port (port_code TEXT PRIMARY KEY, name TEXT NOT NULL, country TEXT);
CREATE TABLE tariff_code (code TEXT PRIMARY KEY, description TEXT, duty_rate_percent DECIMAL(5,2));
CREATE TABLE declaration (declaration_id INTEGER PRIMARY KEY, importer_id INTEGER NOT NULL REFERENCES importer(importer_id), broker_id INTEGER NOT NULL REFERENCES broker(broker_id), port_code TEXT NOT NULL REFERENCES port(port_code), filing_date DATE NOT NULL, origin_country TEXT, total_invoice_value DECIMAL(14,2), currency TEXT);
CREATE TABLE declaration_line (declaration_id INTEGER REFERENCES declaration(declaration_id), line_number INTEGER, description TEXT, quantity DECIMAL(12,3), line_value DECIMAL(14,2), tariff_code TEXT NOT NULL REFERENCES tariff_code(code), PRIMARY KEY (declaration_id, line_number));
CREATE TABLE examination (examination_id INTEGER PRIMARY KEY, declaration_id INTEGER NOT NULL REFERENCES declaration(declaration_id), examination_date DATE NOT NULL, officer_name TEXT, result TEXT, penalty_amount DECIMAL(12,2));
