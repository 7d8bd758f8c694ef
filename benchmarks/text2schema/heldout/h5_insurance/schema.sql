CREATE TABLE client (client_number INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT, date_of_birth DATE);
CREATE TABLE agent (agent_id INTEGER PRIMARY KEY, name TEXT NOT NULL, office TEXT, commission_percentage REAL);
CREATE TABLE policy (policy_number TEXT PRIMARY KEY, type TEXT, start_date DATE, end_date DATE, yearly_premium DECIMAL(10,2), client_number INTEGER NOT NULL REFERENCES client(client_number), agent_id INTEGER REFERENCES agent(agent_id));
CREATE TABLE claim (claim_id INTEGER PRIMARY KEY, policy_number TEXT NOT NULL REFERENCES policy(policy_number), claim_date DATE, description TEXT, amount_claimed DECIMAL(12,2), status TEXT);
