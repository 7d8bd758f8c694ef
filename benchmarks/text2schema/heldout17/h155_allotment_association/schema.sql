CREATE TABLE site (site_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE plot (plot_id INTEGER PRIMARY KEY, plot_number TEXT NOT NULL, size_sq_m DECIMAL(7,1), annual_rent DECIMAL(8,2), site_id INTEGER NOT NULL REFERENCES site(site_id), UNIQUE (site_id, plot_number));
CREATE TABLE member (membership_number INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, phone TEXT, joined_date DATE);
CREATE TABLE tenancy (tenancy_id INTEGER PRIMARY KEY, plot_id INTEGER NOT NULL REFERENCES plot(plot_id), membership_number INTEGER NOT NULL REFERENCES member(membership_number), start_date DATE NOT NULL, end_date DATE);
CREATE TABLE inspection (inspection_id INTEGER PRIMARY KEY, plot_id INTEGER NOT NULL REFERENCES plot(plot_id), inspector_membership_number INTEGER NOT NULL REFERENCES member(membership_number), inspection_date DATE NOT NULL, rating INTEGER, comments TEXT);
