CREATE TABLE member (membership_number INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, year_joined INTEGER);
CREATE TABLE species (species_id INTEGER PRIMARY KEY, common_name TEXT NOT NULL, latin_name TEXT NOT NULL UNIQUE);
CREATE TABLE style (style_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE tree (tree_number INTEGER PRIMARY KEY, membership_number INTEGER NOT NULL REFERENCES member(membership_number), species_id INTEGER NOT NULL REFERENCES species(species_id), style_id INTEGER REFERENCES style(style_id), age_years INTEGER, height_cm INTEGER, origin TEXT, parent_tree_number INTEGER REFERENCES tree(tree_number));
CREATE TABLE show (show_id INTEGER PRIMARY KEY, name TEXT NOT NULL, show_date DATE NOT NULL, hall TEXT, head_judge_number INTEGER NOT NULL REFERENCES member(membership_number));
CREATE TABLE show_judge (show_id INTEGER NOT NULL REFERENCES show(show_id), membership_number INTEGER NOT NULL REFERENCES member(membership_number), PRIMARY KEY (show_id, membership_number));
CREATE TABLE show_entry (show_id INTEGER NOT NULL REFERENCES show(show_id), tree_number INTEGER NOT NULL REFERENCES tree(tree_number), class TEXT NOT NULL, award TEXT, PRIMARY KEY (show_id, tree_number));
