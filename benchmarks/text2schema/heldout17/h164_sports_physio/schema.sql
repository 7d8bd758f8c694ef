CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT NOT NULL, sport TEXT);
CREATE TABLE patient (patient_id INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, phone TEXT, team_id INTEGER REFERENCES team(team_id));
CREATE TABLE physiotherapist (registration_number TEXT PRIMARY KEY, name TEXT NOT NULL, specialisation TEXT, supervisor_registration_number TEXT REFERENCES physiotherapist(registration_number));
CREATE TABLE injury (injury_id INTEGER PRIMARY KEY, patient_id INTEGER NOT NULL REFERENCES patient(patient_id), body_part TEXT NOT NULL, diagnosis TEXT, injury_date DATE);
CREATE TABLE appointment (appointment_id INTEGER PRIMARY KEY, injury_id INTEGER NOT NULL REFERENCES injury(injury_id), registration_number TEXT NOT NULL REFERENCES physiotherapist(registration_number), starts_at TIMESTAMP NOT NULL, duration_minutes INTEGER, treatment_notes TEXT, fee DECIMAL(8,2));
CREATE TABLE exercise (exercise_id INTEGER PRIMARY KEY, name TEXT NOT NULL, description TEXT);
CREATE TABLE injury_exercise (injury_id INTEGER REFERENCES injury(injury_id), exercise_id INTEGER REFERENCES exercise(exercise_id), sets INTEGER, repetitions INTEGER, PRIMARY KEY (injury_id, exercise_id));
