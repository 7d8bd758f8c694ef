CREATE TABLE wall (wall_id INTEGER PRIMARY KEY, name TEXT, height_m REAL, angle TEXT);
CREATE TABLE staff_member (staff_member_id INTEGER PRIMARY KEY, name TEXT, role TEXT, hire_date DATE);
CREATE TABLE route (route_id INTEGER PRIMARY KEY, wall_id INTEGER REFERENCES wall(wall_id), hold_color TEXT, grade TEXT, set_date DATE, stripped_date DATE, setter_id INTEGER REFERENCES staff_member(staff_member_id));
CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT, birth_date DATE, email TEXT, membership_type TEXT, join_date DATE);
CREATE TABLE ascent (member_id INTEGER REFERENCES member(member_id), route_id INTEGER REFERENCES route(route_id), ascent_date DATE, style TEXT, rating INTEGER, PRIMARY KEY (member_id, route_id));
