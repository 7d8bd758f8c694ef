CREATE TABLE tariff (tariff_id INTEGER PRIMARY KEY, name TEXT NOT NULL, price_per_kwh DECIMAL(8,4), daily_standing_charge DECIMAL(8,4));
CREATE TABLE account (account_number TEXT PRIMARY KEY, holder_name TEXT NOT NULL, billing_address TEXT, email TEXT, tariff_id INTEGER NOT NULL REFERENCES tariff(tariff_id));
CREATE TABLE meter (serial_number TEXT PRIMARY KEY, account_number TEXT NOT NULL REFERENCES account(account_number), supply_address TEXT, meter_type TEXT, installation_date DATE);
CREATE TABLE meter_reading (reading_id INTEGER PRIMARY KEY, serial_number TEXT NOT NULL REFERENCES meter(serial_number), reading_date DATE, reading_kwh REAL);
CREATE TABLE invoice (invoice_number TEXT PRIMARY KEY, account_number TEXT NOT NULL REFERENCES account(account_number), issue_date DATE, due_date DATE, total_amount DECIMAL(10,2), paid BOOLEAN);
