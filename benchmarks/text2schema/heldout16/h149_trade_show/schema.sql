CREATE TABLE show_edition (edition_year INTEGER PRIMARY KEY, title TEXT NOT NULL, venue_name TEXT, opening_date DATE NOT NULL, closing_date DATE NOT NULL);
CREATE TABLE company (company_id INTEGER PRIMARY KEY, name TEXT NOT NULL, vat_number TEXT, website TEXT, country TEXT, contact_name TEXT, contact_email TEXT, contact_phone TEXT);
CREATE TABLE product_category (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE company_category (company_id INTEGER REFERENCES company(company_id), category_id INTEGER REFERENCES product_category(category_id), PRIMARY KEY (company_id, category_id));
CREATE TABLE hall (hall_number INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE booth (booth_code TEXT PRIMARY KEY, hall_number INTEGER NOT NULL REFERENCES hall(hall_number), area_m2 DECIMAL(7,2), is_corner BOOLEAN);
CREATE TABLE booth_booking (booking_id INTEGER PRIMARY KEY, edition_year INTEGER NOT NULL REFERENCES show_edition(edition_year), booth_code TEXT NOT NULL REFERENCES booth(booth_code), company_id INTEGER NOT NULL REFERENCES company(company_id), co_exhibitor_id INTEGER REFERENCES company(company_id), booking_date DATE NOT NULL, agreed_price DECIMAL(10,2), deposit_paid BOOLEAN, UNIQUE (edition_year, booth_code));
CREATE TABLE badge (badge_number TEXT PRIMARY KEY, holder_name TEXT NOT NULL, job_title TEXT, company_id INTEGER NOT NULL REFERENCES company(company_id), edition_year INTEGER NOT NULL REFERENCES show_edition(edition_year));
