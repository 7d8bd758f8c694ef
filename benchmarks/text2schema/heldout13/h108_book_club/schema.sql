CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, join_date DATE, recruited_by_member_id INTEGER REFERENCES member(member_id));
CREATE TABLE book (book_id INTEGER PRIMARY KEY, title TEXT NOT NULL, author TEXT, publication_year INTEGER, page_count INTEGER);
CREATE TABLE meeting (meeting_id INTEGER PRIMARY KEY, meeting_date DATE NOT NULL, venue TEXT, book_id INTEGER NOT NULL REFERENCES book(book_id), host_member_id INTEGER NOT NULL REFERENCES member(member_id), discussion_leader_id INTEGER NOT NULL REFERENCES member(member_id));
CREATE TABLE meeting_attendance (meeting_id INTEGER REFERENCES meeting(meeting_id), member_id INTEGER REFERENCES member(member_id), finished_book BOOLEAN, score INTEGER, PRIMARY KEY (meeting_id, member_id));
