CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT NOT NULL, postal_address TEXT, email TEXT NOT NULL UNIQUE);
CREATE TABLE site (site_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, has_water_supply BOOLEAN, representative_member_id INTEGER REFERENCES member(member_id));
CREATE TABLE plot (plot_id INTEGER PRIMARY KEY, plot_number INTEGER NOT NULL, size_square_metres DECIMAL(7,2), annual_rent DECIMAL(8,2), site_id INTEGER NOT NULL REFERENCES site(site_id), UNIQUE (site_id, plot_number));
CREATE TABLE tenancy (plot_id INTEGER REFERENCES plot(plot_id), member_id INTEGER REFERENCES member(member_id), start_date DATE NOT NULL, end_date DATE, deposit_paid DECIMAL(8,2), PRIMARY KEY (plot_id, member_id));
CREATE TABLE fee_payment (fee_payment_id INTEGER PRIMARY KEY, year_covered INTEGER NOT NULL, amount DECIMAL(8,2), date_received DATE, member_id INTEGER NOT NULL REFERENCES member(member_id));
