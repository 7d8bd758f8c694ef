"""Sentence completion: after the design is drafted, the LLM reads the requirement again one
sentence at a time, beside a compact list of the design's tables, and writes only the tables that
sentence states and the design lacks.

Why: on held-out requirements most missed foreign keys belong to whole tables that neither the
model's one-shot design nor the rule designer wrote: events and facts about two or more entities
("every debater receives a speaker score for each debate in which they speak", "every
maintenance job is logged with the costume ... and the staff member who did it"). Writing a whole
schema at once, a 1.5B model drops some of them; reading one sentence with the tables in front
of it is a smaller task.

Which sentences are asked: those that name at least two of the design's tables and hold a noun
no table or column name covers (spaCy's tagger), the most uncovered first, at most
MAX_SENTENCES; then, at most MAX_PAIR_FACTS, those whose nouns are all covered but which give a
value per pair ("an inspection can turn up several diseases, each with a severity"): the draft
has put the value on one of the two tables. What is kept of an answer is only what is new: a
table that refers to at least two of the design's tables, whose name is no existing table's, and
whose parents no existing table already relates all together (so a second association of the same
pair is not added); for a per-pair sentence, only a table relating tables the sentence names and
holding a value of its own, and the value leaves the parent where only that sentence gave it. The answer
is read by designer/ddlread.py like the whole design (never executed) and the completed design is
repaired and validated; when it fails, the design stays as it was. Nothing here knows a domain:
the prompt's demonstrations are the meeting-room domain of the designer's own prompt.
"""

from __future__ import annotations

import re
from typing import Protocol

from text2db.designer.ddlread import parse_tables
from text2db.designer.exceptions import DesignFailed, DesignInvalid, LlmDesignFailed
from text2db.designer.llm import chat_messages
from text2db.designer.repair import closest_table, name_pattern, name_words, repair
from text2db.designer.requirement import NOT_ENTITY
from text2db.designer.validate import checked
from text2db.designer.words import singular, spelling_key
from text2db.schemas.design import SchemaDesign, TableDesign

MAX_SENTENCES = 4
MAX_PAIR_FACTS = 2
# A value given per pair of things the sentence names ("several diseases, each with a severity",
# "for each one we note the glaze", "per booking I record the fee", "how many hours each worker
# spent"): the attribute of a relationship, which only a table of its own can hold.
PAIR_FACT = re.compile(r"\b(?:for (?:each|every)|each (?:with|one|of (?:them|these|those))|per (?!cent\b)[a-z]+|"
                       r"how (?:many|much)\b[^.;]*\beach|in what (?:quantity|amount|position|order|role))\b", re.I)
MAX_TOKENS = 320

SYSTEM = (
    "You complete a relational schema. You see its tables, written table(columns, reference -> parent), and one "
    "sentence of the requirement. If the sentence states an event, a fact about two or more entities, or a "
    "many-to-many relationship that no table stores yet, write the SQLite CREATE TABLE statement for it: a foreign "
    "key to each table it involves (REFERENCES parent(key)) and the attributes the sentence gives it. Never write a "
    "table that exists. If the tables already store everything the sentence states, answer NONE."
)
_TABLES = ("team(team_id, name, budget)\n"
           "employee(employee_id, name, email, team_id -> team)\n"
           "room(room_number, name, capacity)\n"
           "course(course_code, title)")
DEMONSTRATIONS = (
    (f"Tables:\n{_TABLES}\nSentence: An employee books a room for a start time and an end time, and we record whether "
     "the booking was cancelled.",
     "CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, employee_id INTEGER NOT NULL REFERENCES employee(employee_id), "
     "room_number TEXT NOT NULL REFERENCES room(room_number), start_time TIMESTAMP, end_time TIMESTAMP, cancelled BOOLEAN);"),
    (f"Tables:\n{_TABLES}\nSentence: Each employee belongs to one team, and teams have a name and a budget.",
     "NONE"),
    (f"Tables:\n{_TABLES}\nSentence: Employees attend training courses, and for every course an employee attends we "
     "note the completion date and the mark.",
     "CREATE TABLE course_attendance (employee_id INTEGER REFERENCES employee(employee_id), course_code TEXT REFERENCES "
     "course(course_code), completion_date DATE, mark INTEGER, PRIMARY KEY (employee_id, course_code));"),
)


class Chat(Protocol):
    def chat(self, messages: list[dict[str, str]], max_tokens: int) -> str: ...


def complete_by_sentences(design: SchemaDesign, llm: Chat) -> SchemaDesign:
    """`design` with the tables the LLM reads from its sentences and the design lacks (above)."""
    schema = compact(design)
    added: list[TableDesign] = []
    notes: list[str] = []
    moved: set[tuple[str, str]] = set()  # (table, column): a pair's value the design had put on one of the pair
    uncovered, pair_facts = candidate_sentences(design)
    for sentence in uncovered + pair_facts:
        try:
            answer = llm.chat(prompt(schema, sentence), MAX_TOKENS)
        except LlmDesignFailed as exc:
            notes.append(f"sentence completion stopped: {exc}")
            break
        for table in new_tables(parse_tables(answer), design.tables + added):
            if sentence not in pair_facts and _only_copies(table, design.tables + added):
                continue
            if sentence in pair_facts:
                if not states_pair_fact(table, sentence, design):
                    continue
                moved.update(pair_values_on_parents(table, sentence, design))
            added.append(table)
            notes.append(f"{table.name}: added from the sentence {sentence[:80]!r} (LLM, sentence completion)")
    if not added:
        return design.amended(design.tables, notes)
    tables = [t.model_copy(update={"columns": [c for c in t.columns if (t.name, c.name) not in moved]}) for t in design.tables]
    notes += [f"{t}.{c}: a value of the pair the sentence completion added, not of {t} alone; dropped" for t, c in sorted(moved)]
    try:
        return checked(repair(design.amended(tables + added, notes)))
    except (DesignFailed, DesignInvalid) as exc:
        return design.amended(design.tables, [f"sentence completion not kept: {exc}"])


def prompt(schema: str, sentence: str) -> list[dict[str, str]]:
    """Fixed text first (rules, demonstrations), then the design (the same for every sentence of
    one requirement), the sentence last: the server's prompt cache reuses all but the sentence."""
    return chat_messages(SYSTEM, DEMONSTRATIONS, f"Tables:\n{schema}\nSentence: {sentence}")


def compact(design: SchemaDesign) -> str:
    """One line per table: its columns, a reference written `column -> parent`."""
    lines = []
    for t in design.tables:
        refs = {c: fk.ref_table for fk in t.foreign_keys for c in fk.columns}
        lines.append(f"{t.name}({', '.join(c.name + (f' -> {refs[c.name]}' if c.name in refs else '') for c in t.columns)})")
    return "\n".join(lines)


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"'(])|\n+", text) if s.strip()]


def candidate_sentences(design: SchemaDesign) -> tuple[list[str], list[str]]:
    """The sentences naming two or more of the design's tables: those with a noun none of its
    names covers, the most uncovered nouns first (then in the requirement's order), at most
    MAX_SENTENCES; and, at most MAX_PAIR_FACTS, those whose every noun is covered but which give
    a value per pair (PAIR_FACT): the design has put that value on one of the two tables."""
    from text2db.extractors.models import spacy_pipeline

    covered = _covered_words(design)
    ranked, pair_facts = [], []
    for i, sentence in enumerate(split_sentences(design.requirement)):
        if len(named_tables(sentence, design)) < 2:
            continue
        nouns = {singular(tok.lemma_.lower()) for tok in spacy_pipeline()(sentence) if tok.pos_ == "NOUN"}
        uncovered = {n for n in nouns if len(n) > 2 and n not in NOT_ENTITY and spelling_key(n) not in covered}
        if uncovered:
            ranked.append((-len(uncovered), i, sentence))
        elif PAIR_FACT.search(sentence):
            pair_facts.append(sentence)
    return [s for _, _, s in sorted(ranked)[:MAX_SENTENCES]], pair_facts[:MAX_PAIR_FACTS]


def pair_values_on_parents(table: TableDesign, sentence: str, design: SchemaDesign) -> set[tuple[str, str]]:
    """(parent, column) of the pair table's own values that the design also put on a parent of
    it, where only this sentence speaks of it: no other sentence naming that parent mentions the
    column's words ("for each one we note whether the piece came out cracked": not the firing's
    `cracked`). A value another sentence gives the parent itself (a product's price) stays."""
    sentences = split_sentences(design.requirement)
    found = set()
    for fk in table.foreign_keys:
        parent = next((t for t in design.tables if t.name == fk.ref_table), None)
        pattern = name_pattern(fk.ref_table)
        if parent is None or pattern is None:
            continue
        fixed = set(parent.primary_key) | parent.reference_columns
        for column in table.columns:
            if column.name in table.reference_columns or not parent.has_column(column.name) or column.name in fixed:
                continue
            words = re.compile(r"\b" + r"\W+".join(map(re.escape, column.name.split("_"))), re.I)
            elsewhere = any(re.search(pattern, other.lower()) and words.search(other) for other in sentences if other != sentence)
            if words.search(sentence) and not elsewhere:
                found.add((parent.name, column.name))
    return found


def states_pair_fact(table: TableDesign, sentence: str, design: SchemaDesign) -> bool:
    """An answer to a pair-fact sentence is the table of that fact only if it relates tables the
    sentence names and holds a value of its own (a column neither a key nor a reference)."""
    parents = {fk.ref_table for fk in table.foreign_keys}
    own = [c for c in table.columns if c.name not in table.reference_columns and c.name not in table.primary_key]
    return bool(own) and len(parents) >= 2 and parents <= named_tables(sentence, design)


def named_tables(sentence: str, design: SchemaDesign) -> set[str]:
    """The design's tables `sentence` names (repair.name_pattern: case, plural, underscores)."""
    return {t.name for t in design.tables if (p := name_pattern(t.name)) and re.search(p, sentence.lower())}


def _covered_words(design: SchemaDesign) -> set[str]:
    words = set()
    for t in design.tables:
        for name in [t.name] + [c.name for c in t.columns]:
            words.update(spelling_key(singular(w)) for w in name.split("_") if w)
    return words


def _only_copies(table: TableDesign, existing: list[TableDesign]) -> bool:
    """Every attribute of `table` (neither key nor reference), at least one, is an attribute an
    existing table has: the model copied them from the list of tables it was shown
    (`jury_service(summons_id, officer_id, is_foreperson, was_discharged_early)` beside
    `jury_member.is_foreperson`), so the table states nothing the design lacks. Not asked of a
    sentence giving a value per pair: there the draft put the pair's value on a parent, and the
    new table takes it from there (pair_values_on_parents)."""
    own = table.own_attributes
    return bool(own) and own <= set().union(*(t.own_attributes for t in existing))


def new_tables(answered: list[TableDesign], existing: list[TableDesign]) -> list[TableDesign]:
    """The answered tables that add a relation the design lacks: a new name, references to two
    or more existing tables (a dangling reference pointed at the table meant, else dropped), and
    parents that no existing table relates all together."""
    by_name = {t.name: t for t in existing}
    kept = []
    for table in answered:
        if any(name_words(table.name) == name_words(name) for name in by_name):
            continue  # a table the design has, written again
        fks = []
        for fk in table.foreign_keys:
            parent = fk.ref_table if fk.ref_table in by_name else closest_table(fk.ref_table, by_name)
            if parent is not None and parent != table.name:
                fks.append(fk.model_copy(update={"ref_table": parent}))
        parents = {fk.ref_table for fk in fks}
        if len(fks) < 2 or any(parents <= set(t.parents) for t in existing):
            continue
        table = table.model_copy(update={"foreign_keys": fks})
        kept.append(table)
        by_name[table.name] = table
    return kept
