CREATE TABLE loan_officer (officer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, supervisor_id INTEGER REFERENCES loan_officer(officer_id));
CREATE TABLE village (village_id INTEGER PRIMARY KEY, name TEXT NOT NULL, district TEXT);
CREATE TABLE borrower_group (group_id INTEGER PRIMARY KEY, name TEXT NOT NULL, meeting_day TEXT, village_id INTEGER NOT NULL REFERENCES village(village_id), officer_id INTEGER NOT NULL REFERENCES loan_officer(officer_id));
CREATE TABLE borrower (national_id TEXT PRIMARY KEY, name TEXT NOT NULL, phone TEXT, group_id INTEGER NOT NULL REFERENCES borrower_group(group_id));
CREATE TABLE loan_product (product_id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, interest_rate DECIMAL(5,2) NOT NULL, term_weeks INTEGER NOT NULL);
CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, national_id TEXT NOT NULL REFERENCES borrower(national_id), product_id INTEGER NOT NULL REFERENCES loan_product(product_id), amount DECIMAL(12,2) NOT NULL, disbursement_date DATE NOT NULL, approved_by INTEGER NOT NULL REFERENCES loan_officer(officer_id));
CREATE TABLE loan_guarantor (loan_id INTEGER NOT NULL REFERENCES loan(loan_id), guarantor_national_id TEXT NOT NULL REFERENCES borrower(national_id), guaranteed_amount DECIMAL(12,2) NOT NULL, PRIMARY KEY (loan_id, guarantor_national_id));
CREATE TABLE repayment (repayment_id INTEGER PRIMARY KEY, loan_id INTEGER NOT NULL REFERENCES loan(loan_id), payment_date DATE NOT NULL, amount DECIMAL(12,2) NOT NULL, collected_by INTEGER NOT NULL REFERENCES loan_officer(officer_id));
