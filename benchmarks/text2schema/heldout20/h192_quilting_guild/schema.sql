CREATE TABLE member (membership_number TEXT PRIMARY KEY, name TEXT NOT NULL, joined_date DATE NOT NULL, referred_by TEXT REFERENCES member(membership_number));
CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE meeting (meeting_id INTEGER PRIMARY KEY, meeting_date DATE NOT NULL, theme TEXT, venue_id INTEGER NOT NULL REFERENCES venue(venue_id));
CREATE TABLE meeting_attendance (meeting_id INTEGER NOT NULL REFERENCES meeting(meeting_id), membership_number TEXT NOT NULL REFERENCES member(membership_number), PRIMARY KEY (meeting_id, membership_number));
CREATE TABLE pattern (pattern_id INTEGER PRIMARY KEY, name TEXT NOT NULL, designer TEXT);
CREATE TABLE quilt (quilt_id INTEGER PRIMARY KEY, title TEXT NOT NULL, width_cm INTEGER, length_cm INTEGER, completed_date DATE, pattern_id INTEGER REFERENCES pattern(pattern_id));
CREATE TABLE quilt_contribution (quilt_id INTEGER NOT NULL REFERENCES quilt(quilt_id), membership_number TEXT NOT NULL REFERENCES member(membership_number), role TEXT NOT NULL, PRIMARY KEY (quilt_id, membership_number));
