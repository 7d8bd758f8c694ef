"""Lookup tables for values chosen from a list the organisation keeps: "the job type (lockout,
lock change, safe opening - a list we add to now and then)", "a format chosen from the list we
keep (Swiss, round robin, knockout)", "surface types come from a short list such as brick, render
or concrete".

Why: such a list is data the users maintain - its rows are added, renamed and described - so a
normalized design keeps it in a table of its own (`job_type(job_type_id, name)`) that the table
holding the value refers to, where a small model writes a text column (`job.job_type`). A closed
enumeration is not a list kept: "a gearbox (manual or automatic)", "status (draft, sent,
accepted, declined)" stay text columns.

The evidence is the wording only, never a domain word: a parenthesised list of examples said to
be a list ("from a fixed list", "the list we keep", "a list we add to"), in or just before the
parenthesis, or a value said to come "from a ... list" without one. A list of examples that is
only open ("(quiz night, live music and so on)", "(FM, CM and the like)") says the values are
many, not that anyone keeps them: of the lookup tables made from such lists on the read sets'
LLM designs, four were not in the reference schema and one was. The value's column is a text
column of a table the sentence names (else of any table) whose name words, apart from `name`, are
all in the words just before the parenthesis, the nearest first. The lookup table is named after
the column (`job_type`; `skill` for `skill_name`; `tournament_format` for a bare `format` of
`tournament`) and reused when the design has a table of that name. Every change is noted. The
LLM path looks again after the sentence-completion prompts (designer/api.py): a table they add
may hold such a value.

What the rows of such a list are said to hold goes to the list's table (`described_lists`, run
last by `finished`): "a fixed list of roof types (...) with a short description of each" gives
`roof_type` its description, where the table has no column of that head word yet.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from text2db.designer.facts import _item_words
from text2db.designer.normal import referring
from text2db.designer.repair import key_column, name_pattern, name_words
from text2db.designer.requirement import split_items
from text2db.designer.words import column_type, singular, snake
from text2db.schemas.design import ColumnDesign, SchemaDesign, TableDesign

LIST_IN_PARENTHESES = re.compile(r"\(([^()]{3,200})\)")
KEPT_LIST = re.compile(r"\blist\b", re.I)  # "(lockout, lock change - a list we add to)", "from the list we keep (...)"
# "a category chosen from our fixed list of categories", "surface types come from a short list such as..."
FROM_A_LIST = re.compile(r"\bfrom\s+(?:a|an|the|our|their|its)\s+(?:[a-z-]+\s+){0,2}list\b", re.I)
# characters before the parenthesis (or "from a ... list") that hold the value's words; the tables
# its whole sentence names count ("For premises we keep the address, ..., and a category")
WINDOW = 60
# words that say what kind of value, not whose: a bare one is named after its table (`tournament_format`)
CATEGORY_WORDS = {"type", "kind", "category", "format", "class", "level", "status", "grade", "group", "field"}


def lookup_tables(design: SchemaDesign) -> SchemaDesign:
    """`design` with a lookup table for each value the requirement says comes from a kept list."""
    tables = {t.name: t for t in design.tables}
    notes: list[str] = []
    for before in kept_lists(design.requirement):
        found = _value_column(before, tables)
        if found is None:
            continue
        table, column = found
        name = _lookup_name(table, column.name)
        parent = tables.get(name) or _lookup_table(name)
        if len(parent.primary_key) != 1 or name == table:
            continue
        key = parent.column(parent.primary_key[0])
        tables[name] = parent
        tables[table] = referring(tables[table], {column.name}, key_column(name, key.name), name, key)
        notes.append(f"{table}.{column.name}: a value from a list the requirement says is kept; now a reference "
                     f"to the lookup table {name}")
    if not notes:
        return design
    ordered = [tables[t.name] for t in design.tables] + [t for n, t in tables.items() if not design.has_table(n)]
    return design.amended(ordered, notes)


# "a fixed list of roof types (pitched, flat and so on) with a short description of each", "a list
# of piece types such as armchair or sofa, each with a typical number of labour hours we use"
LIST_WITH = (r"\blist\s+of\s+(?:{rows})(?:\s*\([^()]*\))?(?:\s+such\s+as\s+[^.;()]*?)?,?\s+(?:each\s+)?with\s+"
             r"(?P<attributes>[^.;()]+)")
CLAUSE_OF_ITS_OWN = re.compile(r"\s+(?:we|they|you|i)\b.*$")  # "labour hours we use for quoting"


def described_lists(design: SchemaDesign) -> SchemaDesign:
    """`design` with the attributes a list of a table's rows is said to have ("a list of roof
    types (...) with a short description of each") added to that table where it has no column of
    that head word: the rows of a kept list are described there, and nowhere else does the
    wording give them. Done last (`finished`), so no prompt changes: shown a table with one more
    column, the 1.5B model answered another sentence differently and lost a table."""
    tables = {t.name: t for t in design.tables}
    patterns = {name: p for name in tables if (p := name_pattern(name))}
    notes: list[str] = []
    text = design.requirement.lower()
    for name, rows in patterns.items():
        m = re.search(LIST_WITH.format(rows=rows.removeprefix(r"\b")), text)
        if m is None:
            continue
        table = tables[name]
        heads = {name_words(c.name)[-1] for c in table.columns}
        added = []
        for item in split_items(m.group("attributes")):
            words = _item_words(CLAUSE_OF_ITS_OWN.sub("", item))
            column = snake(words) if words else ""
            if not column or name_words(column)[-1] in heads or any(re.search(p, words) for p in patterns.values()):
                continue  # a column of that kind there already, or another table (a reference, not a value)
            added.append(ColumnDesign(name=column, type=column_type(column), description=words))
            heads.add(name_words(column)[-1])
        if added:
            tables[name] = table.model_copy(update={"columns": [*table.columns, *added]})
            notes.append(f"{name}: {', '.join(c.name for c in added)} added, what the list of its rows is said to hold")
    return design.amended([tables[t.name] for t in design.tables], notes)


def kept_lists(requirement: str) -> list[str]:
    """For each kept list of examples in parentheses, and each value said to come "from a
    (fixed, short, ...) list" without one, the text before it (lowercase, from the start of its
    sentence: the value's words are in its last WINDOW characters, the tables named anywhere)."""
    found = []
    for m in LIST_IN_PARENTHESES.finditer(requirement):
        inside = m.group(1)
        if "," not in inside and " or " not in inside:
            continue  # a single remark ("if any", "occasionally the same one"), not a list of values
        before = _sentence_before(requirement, m.start())
        if KEPT_LIST.search(inside) or KEPT_LIST.search(before[-WINDOW:]):
            found.append(before)
    for m in FROM_A_LIST.finditer(requirement):
        after = requirement[m.end(): m.end() + 30]
        if requirement.rfind("(", 0, m.start()) > requirement.rfind(")", 0, m.start()) or "(" in after.split(".")[0]:
            continue  # inside or just before a parenthesis: a list of examples, read above
        found.append(_sentence_before(requirement, m.start()))
    return found


def _sentence_before(requirement: str, end: int) -> str:
    """The text before `end`, lowercase, from the start of its sentence."""
    sentence_start = max(requirement.rfind(". ", 0, end), requirement.rfind("; ", 0, end)) + 1
    return requirement[sentence_start: end].lower()


def _value_column(before: str, tables: dict[str, TableDesign]) -> tuple[str, ColumnDesign] | None:
    """The text column whose words are nearest the end of `before`, a named table's first; None
    when a reference is nearer (the design keeps the list as a table already)."""
    words = [singular(w) for w in re.findall(r"[a-z]+", before[-WINDOW:])]
    named = {n for n in tables if (p := name_pattern(n)) and re.search(p, before)}
    nearest_table = max((m.end() for n in named for m in re.finditer(name_pattern(n) or "$^", before)), default=-1)
    best: tuple[int, int, str, ColumnDesign, bool] | None = None
    for table, column, needed, refers in _said_columns(tables):
        if not needed or not all(w in words for w in needed) or (
                set(needed) <= set(name_words(table.name)) and not table.foreign_keys):
            continue  # not said here; or the table is the list itself (`business_type.type_name`)
        if max(m.end() for m in re.finditer(rf"\b{re.escape(needed[-1])}", before)) < nearest_table:
            continue  # a table is named nearer: the list is of its rows ("at one of our venues (...)")
        distance = len(words) - max(i for i, w in enumerate(words) if w == needed[-1])
        rank = (0 if table.name in named else 1, distance, table.name, column, refers)
        if best is None or rank[:3] < best[:3]:
            best = rank
    if best is None or best[4]:
        return None  # nothing said; or the value nearest the list already refers to a table of it
    return best[2], best[3]


def _said_columns(tables: dict[str, TableDesign]) -> Iterator[tuple[TableDesign, ColumnDesign, list[str], bool]]:
    """(table, column, the words that say it, whether it refers to a table) of each text column
    and each one-column reference: a reference is said by its parent's words beyond its own
    table's (`tournament_format_id` of `tournament` by "format"). A reference nearest a list
    means the design keeps that list already; a text column further back is not its value."""
    for table in tables.values():
        for column in table.columns:
            if column.name in table.primary_key:
                continue
            parent = next((fk.ref_table for fk in table.foreign_keys if fk.columns == [column.name]), None)
            if parent is not None:
                own = set(name_words(table.name))
                yield table, column, [w for w in name_words(parent) if w not in own and w != "name"], True
            elif column.type == "TEXT" and column.name not in table.reference_columns:
                yield table, column, [w for w in name_words(column.name) if w != "name"], False


def _lookup_name(table: str, column: str) -> str:
    """`skill_name` -> `skill`; a bare generic word is the table's (`format` of `tournament` ->
    `tournament_format`)."""
    stem = column.removesuffix("_name")
    return f"{table}_{stem}" if stem in CATEGORY_WORDS else stem


def _lookup_table(name: str) -> TableDesign:
    return TableDesign(name=name, description=f"the list of {name.replace('_', ' ')} values the users keep",
                       primary_key=[f"{name}_id"], columns=[
                           ColumnDesign(name=f"{name}_id", type="INTEGER", nullable=False,
                                        description=f"identifier of the {name.replace('_', ' ')}"),
                           ColumnDesign(name="name", type="TEXT", nullable=False, unique=True,
                                        description=f"the {name.replace('_', ' ')}")])
