CREATE TABLE horse_owner (owner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT);
CREATE TABLE horse (horse_id INTEGER PRIMARY KEY, name TEXT NOT NULL, breed TEXT, colour TEXT, height_hands DECIMAL(4,1), birth_year INTEGER, beginner_suitable BOOLEAN NOT NULL, owner_id INTEGER REFERENCES horse_owner(owner_id), dam_id INTEGER REFERENCES horse(horse_id));
CREATE TABLE instructor (instructor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, qualification_level TEXT);
CREATE TABLE rider (rider_id INTEGER PRIMARY KEY, name TEXT NOT NULL, date_of_birth DATE, phone TEXT, riding_level TEXT);
CREATE TABLE arena (arena_id INTEGER PRIMARY KEY, name TEXT NOT NULL, is_indoor BOOLEAN);
CREATE TABLE lesson (lesson_id INTEGER PRIMARY KEY, start_time TIMESTAMP NOT NULL, duration_minutes INTEGER NOT NULL, instructor_id INTEGER NOT NULL REFERENCES instructor(instructor_id), arena_id INTEGER NOT NULL REFERENCES arena(arena_id));
CREATE TABLE lesson_rider (lesson_id INTEGER REFERENCES lesson(lesson_id), rider_id INTEGER REFERENCES rider(rider_id), horse_id INTEGER NOT NULL REFERENCES horse(horse_id), paid BOOLEAN, PRIMARY KEY (lesson_id, rider_id));
CREATE TABLE farrier_visit (visit_id INTEGER PRIMARY KEY, horse_id INTEGER NOT NULL REFERENCES horse(horse_id), visit_date DATE NOT NULL, work_done TEXT, cost DECIMAL(8,2));
