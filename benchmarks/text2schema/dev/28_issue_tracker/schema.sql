CREATE TABLE "user" (username TEXT PRIMARY KEY, full_name TEXT, email TEXT UNIQUE);
CREATE TABLE project (project_key TEXT PRIMARY KEY, name TEXT NOT NULL, lead_username TEXT REFERENCES "user"(username));
CREATE TABLE issue (issue_id INTEGER PRIMARY KEY, project_key TEXT NOT NULL REFERENCES project(project_key), title TEXT NOT NULL, description TEXT, priority TEXT, status TEXT, created_date DATE, reporter_username TEXT NOT NULL REFERENCES "user"(username), assignee_username TEXT REFERENCES "user"(username), parent_issue_id INTEGER REFERENCES issue(issue_id));
CREATE TABLE comment (comment_id INTEGER PRIMARY KEY, issue_id INTEGER NOT NULL REFERENCES issue(issue_id), username TEXT NOT NULL REFERENCES "user"(username), body TEXT NOT NULL, created_at TIMESTAMP);
