CREATE TABLE plan (plan_id INTEGER PRIMARY KEY, name TEXT NOT NULL, meals_per_week INTEGER, servings_per_meal INTEGER, weekly_price DECIMAL(8,2));
CREATE TABLE subscriber (email TEXT PRIMARY KEY, name TEXT NOT NULL, delivery_address TEXT, phone TEXT, plan_id INTEGER REFERENCES plan(plan_id));
CREATE TABLE recipe (recipe_id INTEGER PRIMARY KEY, title TEXT NOT NULL, cooking_time_minutes INTEGER, difficulty TEXT, calories_per_serving INTEGER, cuisine TEXT);
CREATE TABLE ingredient (ingredient_id INTEGER PRIMARY KEY, name TEXT NOT NULL, unit TEXT, is_allergen BOOLEAN);
CREATE TABLE recipe_ingredient (recipe_id INTEGER NOT NULL REFERENCES recipe(recipe_id), ingredient_id INTEGER NOT NULL REFERENCES ingredient(ingredient_id), quantity_per_serving DECIMAL(8,2), PRIMARY KEY (recipe_id, ingredient_id));
CREATE TABLE menu_recipe (week_start DATE NOT NULL, recipe_id INTEGER NOT NULL REFERENCES recipe(recipe_id), PRIMARY KEY (week_start, recipe_id));
CREATE TABLE box (box_id INTEGER PRIMARY KEY, subscriber_email TEXT NOT NULL REFERENCES subscriber(email), week_start DATE NOT NULL, delivery_date DATE, status TEXT, UNIQUE (subscriber_email, week_start));
CREATE TABLE box_recipe (box_id INTEGER NOT NULL REFERENCES box(box_id), recipe_id INTEGER NOT NULL REFERENCES recipe(recipe_id), servings INTEGER, PRIMARY KEY (box_id, recipe_id));
