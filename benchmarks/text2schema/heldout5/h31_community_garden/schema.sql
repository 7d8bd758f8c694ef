CREATE TABLE member (membership_number INTEGER PRIMARY KEY, name TEXT, phone_number TEXT, email TEXT);
CREATE TABLE zone (zone_letter TEXT PRIMARY KEY, description TEXT, coordinator_number INTEGER NOT NULL REFERENCES member(membership_number));
CREATE TABLE plot (plot_number INTEGER PRIMARY KEY, zone_letter TEXT NOT NULL REFERENCES zone(zone_letter), area_sq_m REAL, has_water_tap BOOLEAN);
CREATE TABLE plot_member (plot_number INTEGER REFERENCES plot(plot_number), membership_number INTEGER REFERENCES member(membership_number), start_date DATE, is_lead_contact BOOLEAN, PRIMARY KEY (plot_number, membership_number));
CREATE TABLE crop (common_name TEXT PRIMARY KEY, plant_family TEXT, days_to_harvest INTEGER);
CREATE TABLE planting (plot_number INTEGER REFERENCES plot(plot_number), common_name TEXT REFERENCES crop(common_name), sowing_date DATE, harvested_kg REAL, PRIMARY KEY (plot_number, common_name));
