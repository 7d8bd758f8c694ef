CREATE TABLE glacier (glacier_id INTEGER PRIMARY KEY, name TEXT NOT NULL, mountain_range TEXT, country TEXT, area_km2 DECIMAL(8,2));
CREATE TABLE stake (stake_id INTEGER PRIMARY KEY, glacier_id INTEGER NOT NULL REFERENCES glacier(glacier_id), label TEXT NOT NULL, latitude DECIMAL(9,6), longitude DECIMAL(9,6), installed_date DATE);
CREATE TABLE researcher (researcher_id INTEGER PRIMARY KEY, name TEXT NOT NULL, institution TEXT, email TEXT);
CREATE TABLE campaign (campaign_id INTEGER PRIMARY KEY, season TEXT NOT NULL, start_date DATE, end_date DATE, leader_id INTEGER NOT NULL REFERENCES researcher(researcher_id));
CREATE TABLE campaign_member (campaign_id INTEGER REFERENCES campaign(campaign_id), researcher_id INTEGER REFERENCES researcher(researcher_id), role TEXT, PRIMARY KEY (campaign_id, researcher_id));
CREATE TABLE stake_reading (reading_id INTEGER PRIMARY KEY, campaign_id INTEGER NOT NULL REFERENCES campaign(campaign_id), stake_id INTEGER NOT NULL REFERENCES stake(stake_id), reading_date DATE NOT NULL, exposed_height_cm DECIMAL(6,1), snow_depth_cm DECIMAL(6,1));
CREATE TABLE ice_sample (sample_code TEXT PRIMARY KEY, campaign_id INTEGER NOT NULL REFERENCES campaign(campaign_id), stake_id INTEGER NOT NULL REFERENCES stake(stake_id), depth_m DECIMAL(6,2), freezer TEXT);
