CREATE TABLE instructor (instructor_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, bio TEXT);
CREATE TABLE course (course_id INTEGER PRIMARY KEY, instructor_id INTEGER NOT NULL REFERENCES instructor(instructor_id), title TEXT NOT NULL, level TEXT, price DECIMAL(8,2), publication_date DATE);
CREATE TABLE module (module_id INTEGER PRIMARY KEY, course_id INTEGER NOT NULL REFERENCES course(course_id), position INTEGER, title TEXT NOT NULL);
CREATE TABLE lesson (lesson_id INTEGER PRIMARY KEY, module_id INTEGER NOT NULL REFERENCES module(module_id), title TEXT NOT NULL, video_length_minutes INTEGER, position INTEGER);
CREATE TABLE learner (learner_id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE, email TEXT, country TEXT);
CREATE TABLE enrolment (learner_id INTEGER REFERENCES learner(learner_id), course_id INTEGER REFERENCES course(course_id), enrolment_date DATE, progress_percentage REAL, PRIMARY KEY (learner_id, course_id));
CREATE TABLE review (learner_id INTEGER REFERENCES learner(learner_id), course_id INTEGER REFERENCES course(course_id), rating INTEGER, comment TEXT, PRIMARY KEY (learner_id, course_id));
