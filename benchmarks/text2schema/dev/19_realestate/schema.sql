CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone_number TEXT, email TEXT);
CREATE TABLE agent (agent_id INTEGER PRIMARY KEY, name TEXT NOT NULL, licence_number TEXT UNIQUE, commission_rate REAL);
CREATE TABLE property (property_id INTEGER PRIMARY KEY, address TEXT NOT NULL, property_type TEXT, bedrooms INTEGER, floor_area REAL, asking_price DECIMAL(12,2), owner_id INTEGER NOT NULL REFERENCES owner(owner_id), agent_id INTEGER REFERENCES agent(agent_id));
CREATE TABLE client (client_id INTEGER PRIMARY KEY, name TEXT NOT NULL, max_budget DECIMAL(12,2));
CREATE TABLE viewing (viewing_id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES client(client_id), property_id INTEGER NOT NULL REFERENCES property(property_id), agent_id INTEGER REFERENCES agent(agent_id), viewing_time TIMESTAMP, comments TEXT);
