"""The LLM designer: the local model (or any OpenAI-compatible endpoint) writes CREATE TABLE
statements for the requirement; designer/ddlread.py reads them (never executes them) and
designer/repair.py + validate.py decide whether the design is usable.

The prompt puts the fixed text first (rules and one demonstration from a domain of its own), the
requirement last, so the server's prompt cache reuses the prefix between requirements.
"""

from __future__ import annotations

from typing import Any

from text2db.config import Settings
from text2db.designer.ddlread import parse_tables
from text2db.designer.exceptions import DesignInvalid, LlmDesignFailed
from text2db.schemas.design import SchemaDesign

SYSTEM = (
    "You are a database designer. Write the relational schema for the user's requirement as SQLite CREATE TABLE "
    "statements, in third normal form.\n"
    "- One table per entity, with a singular snake_case name; one column per attribute the requirement names.\n"
    "- Every table has a PRIMARY KEY: the identifier the requirement gives (an ID, a code, a number), otherwise an "
    "INTEGER column named <table>_id.\n"
    "- A one-to-many relationship is a foreign key column in the table on the 'many' side: "
    "<name> INTEGER REFERENCES <parent>(<parent key>). Several references to the same table are named after their "
    "role (captain_id, first_officer_id); a reference to the same table (a manager) is allowed.\n"
    "- A many-to-many relationship is an association table whose PRIMARY KEY is its two foreign keys; attributes of "
    "the relationship (a quantity, a grade, a date) go in it.\n"
    "- Attributes that describe another entity belong to that entity's table, never copied.\n"
    "- Types: INTEGER, DECIMAL(10,2) for money, REAL, TEXT, DATE, TIMESTAMP, BOOLEAN.\n"
    "Answer with the CREATE TABLE statements only."
)
DEMO_REQUIREMENT = (
    "A company books meeting rooms. Each room has a room number, a name and a capacity. Employees have an employee "
    "ID, a name and an email, and each employee belongs to one team; teams have a name and a budget. An employee "
    "books a room for a start time and an end time, and we record whether the booking was cancelled. A room has "
    "several pieces of equipment and the same equipment can be in several rooms; equipment has a name."
)
DEMO_DDL = """CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget DECIMAL(10,2));
CREATE TABLE employee (employee_id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, team_id INTEGER NOT NULL REFERENCES team(team_id));
CREATE TABLE room (room_number TEXT PRIMARY KEY, name TEXT, capacity INTEGER);
CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, employee_id INTEGER NOT NULL REFERENCES employee(employee_id), room_number TEXT NOT NULL REFERENCES room(room_number), start_time TIMESTAMP, end_time TIMESTAMP, cancelled BOOLEAN);
CREATE TABLE equipment (equipment_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE room_equipment (room_number TEXT REFERENCES room(room_number), equipment_id INTEGER REFERENCES equipment(equipment_id), PRIMARY KEY (room_number, equipment_id));"""
MAX_TOKENS = 1400
MIN_TIMEOUT_S = 240.0  # a whole schema is ~400-900 tokens at ~25 tokens/s on two cores


class LlmDesigner:
    """One designer per process; `client` may be injected (tests, shared clients)."""

    def __init__(self, settings: Settings, client: Any = None) -> None:
        if client is None:
            if not settings.llm_base_url:
                raise LlmDesignFailed("no LLM configured (TEXT2DB_LLM_BASE_URL is unset)")
            from openai import OpenAI

            client = OpenAI(base_url=settings.llm_base_url, api_key=settings.llm_api_key,
                            timeout=max(settings.llm_timeout_s, MIN_TIMEOUT_S), max_retries=0)
        self.client = client
        self.settings = settings
        self.name = f"llm:{settings.llm_model}"

    def ask(self, requirement: str, documents: list[str] | None = None) -> str:
        user = requirement.strip()
        if documents:
            user += "\n\nSample documents the database will be filled from:\n" + "\n---\n".join(d[:600] for d in documents[:3])
        try:
            response = self.client.chat.completions.create(
                model=self.settings.llm_model,
                messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": DEMO_REQUIREMENT},
                          {"role": "assistant", "content": DEMO_DDL}, {"role": "user", "content": user}],
                temperature=0, max_tokens=MAX_TOKENS,
            )
            return response.choices[0].message.content or ""
        except Exception as exc:  # any client/transport error: the rule designer takes over
            raise LlmDesignFailed(f"LLM call failed: {exc.__class__.__name__}: {exc}") from exc

    def design(self, requirement: str, documents: list[str] | None = None) -> SchemaDesign:
        """The model's design, parsed (not validated: the caller repairs and checks it)."""
        tables = parse_tables(self.ask(requirement, documents))
        if not tables:
            raise DesignInvalid("the LLM answered no CREATE TABLE statement", issues=["no table"])
        return SchemaDesign(requirement=requirement, designer=self.name, tables=tables)
