CREATE TABLE transit_line (transit_line_id INTEGER PRIMARY KEY, name TEXT, mode TEXT);
CREATE TABLE item_category (item_category_id INTEGER PRIMARY KEY, name TEXT, retention_days INTEGER);
CREATE TABLE clerk (clerk_id INTEGER PRIMARY KEY, name TEXT, badge_number TEXT);
CREATE TABLE found_item (found_item_id INTEGER PRIMARY KEY, description TEXT, color TEXT, found_date DATE, found_location TEXT, status TEXT, transit_line_id INTEGER REFERENCES transit_line(transit_line_id), item_category_id INTEGER REFERENCES item_category(item_category_id), logged_by_clerk_id INTEGER REFERENCES clerk(clerk_id));
CREATE TABLE claimant (claimant_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, email TEXT);
CREATE TABLE claim (claim_id INTEGER PRIMARY KEY, found_item_id INTEGER REFERENCES found_item(found_item_id), claimant_id INTEGER REFERENCES claimant(claimant_id), claim_date DATE, is_approved BOOLEAN, handled_by_clerk_id INTEGER REFERENCES clerk(clerk_id));
