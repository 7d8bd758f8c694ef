CREATE TABLE exam_board (
    exam_board_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE exam_paper (
    paper_code TEXT PRIMARY KEY,
    subject TEXT NOT NULL,
    duration_minutes INTEGER NOT NULL,
    exam_board_id INTEGER NOT NULL REFERENCES exam_board(exam_board_id)
);

CREATE TABLE room (
    room_code TEXT PRIMARY KEY,
    seat_count INTEGER NOT NULL
);

CREATE TABLE invigilator (
    invigilator_id INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    phone TEXT,
    hourly_rate DECIMAL(5,2)
);

CREATE TABLE candidate (
    candidate_number INTEGER PRIMARY KEY,
    full_name TEXT NOT NULL,
    date_of_birth DATE
);

CREATE TABLE sitting (
    sitting_id INTEGER PRIMARY KEY,
    paper_code TEXT NOT NULL REFERENCES exam_paper(paper_code),
    room_code TEXT NOT NULL REFERENCES room(room_code),
    sitting_date DATE NOT NULL,
    start_time TIME NOT NULL,
    lead_invigilator_id INTEGER NOT NULL REFERENCES invigilator(invigilator_id),
    assistant_invigilator_id INTEGER REFERENCES invigilator(invigilator_id)
);

CREATE TABLE sitting_candidate (
    sitting_id INTEGER NOT NULL REFERENCES sitting(sitting_id),
    candidate_number INTEGER NOT NULL REFERENCES candidate(candidate_number),
    seat_number INTEGER NOT NULL,
    extra_time_minutes INTEGER,
    absent BOOLEAN NOT NULL,
    PRIMARY KEY (sitting_id, candidate_number),
    UNIQUE (sitting_id, seat_number)
);
