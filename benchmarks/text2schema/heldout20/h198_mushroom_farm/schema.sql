CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE strain (strain_code TEXT PRIMARY KEY, species TEXT NOT NULL, supplier_id INTEGER NOT NULL REFERENCES supplier(supplier_id));
CREATE TABLE recipe (recipe_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, ingredients TEXT, sterilisation_minutes INTEGER);
CREATE TABLE substrate_batch (batch_code TEXT PRIMARY KEY, mix_date DATE NOT NULL, recipe_id INTEGER NOT NULL REFERENCES recipe(recipe_id));
CREATE TABLE grow_room (room_number INTEGER PRIMARY KEY, capacity_blocks INTEGER NOT NULL, target_temperature DECIMAL(4,1));
CREATE TABLE planting (planting_id INTEGER PRIMARY KEY, batch_code TEXT NOT NULL REFERENCES substrate_batch(batch_code), strain_code TEXT NOT NULL REFERENCES strain(strain_code), room_number INTEGER NOT NULL REFERENCES grow_room(room_number), inoculation_date DATE NOT NULL, block_count INTEGER NOT NULL);
CREATE TABLE worker (worker_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE flush (planting_id INTEGER NOT NULL REFERENCES planting(planting_id), flush_number INTEGER NOT NULL, harvest_date DATE NOT NULL, kg_harvested DECIMAL(7,2) NOT NULL, PRIMARY KEY (planting_id, flush_number));
CREATE TABLE flush_picker (planting_id INTEGER NOT NULL, flush_number INTEGER NOT NULL, worker_id INTEGER NOT NULL REFERENCES worker(worker_id), hours DECIMAL(4,2) NOT NULL, PRIMARY KEY (planting_id, flush_number, worker_id), FOREIGN KEY (planting_id, flush_number) REFERENCES flush(planting_id, flush_number));
