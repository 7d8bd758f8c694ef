CREATE TABLE route_setter (route_setter_id INTEGER PRIMARY KEY, name TEXT NOT NULL, certification_level TEXT);
CREATE TABLE wall (wall_code TEXT PRIMARY KEY, description TEXT, height_metres DECIMAL(5,2), angle_degrees INTEGER);
CREATE TABLE route (route_id INTEGER PRIMARY KEY, colour TEXT, grade TEXT, set_date DATE, stripped_date DATE, wall_code TEXT NOT NULL REFERENCES wall(wall_code), route_setter_id INTEGER NOT NULL REFERENCES route_setter(route_setter_id));
CREATE TABLE member (membership_card_number INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, membership_type TEXT CHECK (membership_type IN ('monthly', 'annual', 'ten-visit')));
CREATE TABLE ascent (membership_card_number INTEGER REFERENCES member(membership_card_number), route_id INTEGER REFERENCES route(route_id), ascent_date DATE, number_of_attempts INTEGER, is_flash BOOLEAN, PRIMARY KEY (membership_card_number, route_id));
