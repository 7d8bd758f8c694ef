CREATE TABLE landlord (landlord_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, bank_account TEXT);
CREATE TABLE agent (agent_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, supervisor_agent_id INTEGER REFERENCES agent(agent_id));
CREATE TABLE property (property_id INTEGER PRIMARY KEY, address TEXT NOT NULL, postcode TEXT NOT NULL, property_type TEXT, bedrooms INTEGER, asking_rent DECIMAL(10,2), agent_id INTEGER NOT NULL REFERENCES agent(agent_id));
CREATE TABLE property_owner (property_id INTEGER REFERENCES property(property_id), landlord_id INTEGER REFERENCES landlord(landlord_id), share_percent DECIMAL(5,2) NOT NULL, PRIMARY KEY (property_id, landlord_id));
CREATE TABLE tenant (tenant_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, date_of_birth DATE);
CREATE TABLE lease (lease_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES property(property_id), start_date DATE NOT NULL, end_date DATE, monthly_rent DECIMAL(10,2) NOT NULL, deposit DECIMAL(10,2));
CREATE TABLE lease_tenant (lease_id INTEGER REFERENCES lease(lease_id), tenant_id INTEGER REFERENCES tenant(tenant_id), is_lead_tenant BOOLEAN NOT NULL, PRIMARY KEY (lease_id, tenant_id));
CREATE TABLE viewing (viewing_id INTEGER PRIMARY KEY, property_id INTEGER NOT NULL REFERENCES property(property_id), tenant_id INTEGER NOT NULL REFERENCES tenant(tenant_id), agent_id INTEGER NOT NULL REFERENCES agent(agent_id), viewed_at TIMESTAMP NOT NULL, feedback TEXT);
