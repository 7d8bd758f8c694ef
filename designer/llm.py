"""The LLM designer: the local model (or any OpenAI-compatible endpoint) writes CREATE TABLE
statements for the requirement; designer/ddlread.py reads them (never executes them) and
designer/repair.py + validate.py decide whether the design is usable.

The prompt puts the fixed text first (rules and two demonstrations from domains of their own), the
requirement last, so the server's prompt cache reuses the prefix between requirements. The second
demonstration is there for what a small model leaves out most: on the held-out pairs most missed
foreign keys belong to whole tables the model never wrote - events that involve two entities (a
passage of a boat through a lock) and facts about pairs - and to roles and
self-references; one demonstration showed each of them only once or not at all. Shown its natural
keys, the model keys more tables by a name (14 of 142 dev tables, 4 before), which
`reconcile.keyed_by_surrogates_not_names` undoes.
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
    "- An event that involves entities (a visit, a booking, a loan, a result, a reading) is a table of its own with "
    "a foreign key to each entity it involves and the event's own attributes (its date, a score).\n"
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
DEMO2_REQUIREMENT = (
    "The canal authority records boat passages through its locks. A lock has a lock number, a name and a length in "
    "metres, and it lies on one canal; canals have a name. Boats have a registration number, a name and a length, and "
    "each boat is owned by one owner with a name and an address. Lock keepers have a staff number and a name, and "
    "each keeper reports to a head keeper. A boat passes through a lock at a date and time, operated by a keeper, and "
    "we record the fee paid; sometimes a second keeper assists. A passage can carry several kinds of cargo and the "
    "same kind of cargo appears in many passages; a cargo kind has a code and a description, and for each cargo "
    "carried on a passage we note the tonnage."
)
DEMO2_DDL = """CREATE TABLE canal (canal_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE canal_lock (lock_number TEXT PRIMARY KEY, name TEXT NOT NULL, length_m DECIMAL(6,2), canal_id INTEGER NOT NULL REFERENCES canal(canal_id));
CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT);
CREATE TABLE boat (registration_number TEXT PRIMARY KEY, name TEXT, length_m DECIMAL(6,2), owner_id INTEGER NOT NULL REFERENCES owner(owner_id));
CREATE TABLE keeper (staff_number TEXT PRIMARY KEY, name TEXT NOT NULL, head_keeper_staff_number TEXT REFERENCES keeper(staff_number));
CREATE TABLE passage (passage_id INTEGER PRIMARY KEY, registration_number TEXT NOT NULL REFERENCES boat(registration_number), lock_number TEXT NOT NULL REFERENCES canal_lock(lock_number), keeper_staff_number TEXT NOT NULL REFERENCES keeper(staff_number), assistant_staff_number TEXT REFERENCES keeper(staff_number), passage_time TIMESTAMP NOT NULL, fee DECIMAL(10,2));
CREATE TABLE cargo_kind (code TEXT PRIMARY KEY, description TEXT);
CREATE TABLE passage_cargo (passage_id INTEGER REFERENCES passage(passage_id), cargo_code TEXT REFERENCES cargo_kind(code), tonnage DECIMAL(10,2), PRIMARY KEY (passage_id, cargo_code));"""
DEMONSTRATIONS = ((DEMO_REQUIREMENT, DEMO_DDL), (DEMO2_REQUIREMENT, DEMO2_DDL))
MAX_TOKENS = 1400
MIN_TIMEOUT_S = 240.0  # a whole schema is ~400-900 tokens at ~25 tokens/s on two cores


def prompt(user: str) -> list[dict[str, str]]:
    """The chat: rules, the demonstrations as earlier turns, then the user's requirement."""
    return chat_messages(SYSTEM, DEMONSTRATIONS, user)


def chat_messages(system: str, demonstrations: tuple[tuple[str, str], ...], user: str) -> list[dict[str, str]]:
    """A system message, each demonstration as a user turn and the assistant's answer, then `user`."""
    messages = [{"role": "system", "content": system}]
    for asked, answered in demonstrations:
        messages += [{"role": "user", "content": asked}, {"role": "assistant", "content": answered}]
    return messages + [{"role": "user", "content": user}]


def endpoint_client(settings: Settings, base_url: str) -> Any:
    """The OpenAI client the designer asks `base_url` with: no retries (the rule designer is the
    fallback), and a timeout long enough for a whole schema to be decoded on two cores."""
    from openai import OpenAI

    return OpenAI(base_url=base_url, api_key=settings.llm_api_key, timeout=max(settings.llm_timeout_s, MIN_TIMEOUT_S),
                  max_retries=0)


class LlmDesigner:
    """One designer per process; `client` may be injected (tests, shared clients)."""

    def __init__(self, settings: Settings, client: Any = None) -> None:
        if client is None:
            if not settings.llm_base_url:
                raise LlmDesignFailed("no LLM configured (TEXT2DB_LLM_BASE_URL is unset)")
            client = endpoint_client(settings, settings.llm_base_url)
        self.client = client
        self.settings = settings
        self.name = f"llm:{settings.llm_model}"

    def ask(self, requirement: str, documents: list[str] | None = None) -> str:
        user = requirement.strip()
        if documents:
            user += "\n\nSample documents the database will be filled from:\n" + "\n---\n".join(d[:600] for d in documents[:3])
        return self.chat(prompt(user), MAX_TOKENS)

    def chat(self, messages: list[dict[str, str]], max_tokens: int) -> str:
        """The model's answer at temperature 0; any client or transport error is LlmDesignFailed."""
        try:
            response = self.client.chat.completions.create(
                model=self.settings.llm_model, messages=messages, temperature=0, max_tokens=max_tokens)
            return response.choices[0].message.content or ""
        except Exception as exc:  # any client/transport error: the rule designer takes over
            raise LlmDesignFailed(f"LLM call failed: {exc.__class__.__name__}: {exc}") from exc

    def design(self, requirement: str, documents: list[str] | None = None) -> SchemaDesign:
        """The model's design, parsed (not validated: the caller repairs and checks it)."""
        tables = parse_tables(self.ask(requirement, documents))
        if not tables:
            raise DesignInvalid("the LLM answered no CREATE TABLE statement", issues=["no table"])
        return SchemaDesign(requirement=requirement, designer=self.name, tables=tables)
