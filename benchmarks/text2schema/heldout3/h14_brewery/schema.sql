CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, phone_number TEXT);
CREATE TABLE ingredient (ingredient_id INTEGER PRIMARY KEY, name TEXT NOT NULL, supplier_id INTEGER REFERENCES supplier(supplier_id));
CREATE TABLE recipe (recipe_id INTEGER PRIMARY KEY);
CREATE TABLE recipe_ingredient (recipe_id INTEGER REFERENCES recipe(recipe_id), ingredient_id INTEGER REFERENCES ingredient(ingredient_id), amount_grams REAL, PRIMARY KEY (recipe_id, ingredient_id));
CREATE TABLE beer (beer_name TEXT PRIMARY KEY, style TEXT, alcohol_percentage REAL, recipe_id INTEGER NOT NULL REFERENCES recipe(recipe_id));
CREATE TABLE tank (tank_number INTEGER PRIMARY KEY, capacity_litres REAL);
CREATE TABLE batch (batch_number INTEGER PRIMARY KEY, beer_name TEXT NOT NULL REFERENCES beer(beer_name), brew_date DATE, volume_litres REAL, tank_number INTEGER REFERENCES tank(tank_number));
CREATE TABLE packaging_run (packaging_run_id INTEGER PRIMARY KEY, batch_number INTEGER NOT NULL REFERENCES batch(batch_number), package_type TEXT, units INTEGER, packaging_date DATE);
