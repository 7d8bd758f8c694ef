CREATE TABLE hackathon (hackathon_id INTEGER PRIMARY KEY, title TEXT, city TEXT, theme TEXT, start_date DATE, end_date DATE);
CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT, project_title TEXT, hackathon_id INTEGER NOT NULL REFERENCES hackathon(hackathon_id));
CREATE TABLE participant (participant_id INTEGER PRIMARY KEY, name TEXT, email TEXT, university TEXT);
CREATE TABLE team_membership (team_id INTEGER REFERENCES team(team_id), participant_id INTEGER REFERENCES participant(participant_id), role TEXT, PRIMARY KEY (team_id, participant_id));
CREATE TABLE judge (judge_id INTEGER PRIMARY KEY, name TEXT, company TEXT);
CREATE TABLE score (judge_id INTEGER REFERENCES judge(judge_id), team_id INTEGER REFERENCES team(team_id), points INTEGER, comment TEXT, PRIMARY KEY (judge_id, team_id));
