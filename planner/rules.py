"""The deterministic rule planner (`rules.v1`): instruction + observation -> Plan, no LLM.

It reads the task type, the target table and the named columns from the instruction, and
takes everything else (types, formats, demonstrations, keys, foreign-key links) from the
observed database. Identifiers come only from the observation, or for a new column from a
quoted name that passes NEW_IDENTIFIER.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from text2db.planner import instruction as ins
from text2db.planner.exceptions import PlanningFailed
from text2db.planner.lexicon import ENTITY_WORDS, entity_of, head_meaning, meaning_of, words
from text2db.planner.names import read_name
from text2db.planner.synonyms import column_meant, table_meant, tables_meant_by_nouns
from text2db.schemas.observation import ColumnObservation, Observation, TableObservation
from text2db.schemas.plan import (
    NEW_IDENTIFIER, ColumnPlan, ForeignKeyLink, NewColumn, Plan, TablePlan, TaskType, ValueFormat, ValueType,
)

RULES_V1 = "rules.v1"
OVERWRITE = re.compile(r"\b(overwrite|replace\s+existing|correct\s+(the\s+)?existing|update\s+existing\s+values)\b", re.I)


@dataclass
class Drafted:
    """A plan and what the planner noticed but could not act on (shown in the report)."""

    plan: Plan
    notes: list[str] = field(default_factory=list)
    # What the wording left open (table, task, columns): the decisions another planner's
    # `Decided` could change. Empty: explicit wording decided everything, and asking the LLM
    # planner would give this same plan.
    left_open: tuple[str, ...] = ()


@dataclass(frozen=True)
class Decided:
    """What another planner (the LLM) decided for what the wording leaves open: the table when
    the instruction names none or several, the task when it states none, the columns for
    phrases that match no column name, the column to add when no rule reads one. Explicit
    wording read by the rules always wins; names are checked against the observation."""

    table: str | None = None
    operation: TaskType | None = None
    columns: tuple[str, ...] = ()
    new_column: ins.NewColumnRequest | None = None
    by: str = "llm"


def plan_with_rules(instruction: str, observation: Observation, job: str, drop: Sequence[tuple[str, str]] = (),
                    add: Sequence[tuple[str, str]] = (), documents: Sequence[str] | None = None,
                    known_keys: dict[str, list[str]] | None = None, decided: Decided | None = None) -> Drafted:
    """A revision passes the analyzer's feedback as (table, column) pairs: `drop` columns it
    rejected, `add` columns inserted rows need (NOT NULL without a default).

    `documents` (optional) are the texts the job will read: with `known_keys` (each table's
    existing key values) they choose the table when the instruction names none, and the task
    when the wording states neither adding rows nor filling gaps. `decided` (optional) carries
    another planner's choices for what the wording leaves open (see Decided)."""
    if not observation.tables:
        raise PlanningFailed("the target database has no tables to plan for")
    why = ins.refusal(instruction)
    if why is not None:
        raise PlanningFailed(f"{why}: nothing was planned", hint=REFUSAL_HINT)
    notes: list[str] = []
    docs = [d for d in (documents or []) if d and d.strip()]
    keys = known_keys or {}
    request = ins.new_column_request(instruction, observation)
    named = ins.named_tables(instruction, observation)
    missing = ins.missing_table_name(instruction, observation) if not named else None
    meant = table_meant(missing, observation) if missing else None
    if meant is not None:  # "the fleet table" for Vehicles
        named = [meant[0]]
        notes.append(f"no table is called {missing!r}: planned {meant[0].name!r}, the table closest to it in meaning "
                     f"(similarity {meant[1]:.2f})")
    if request is None and decided is not None and decided.new_column is not None and \
            decided.operation == "column_addition" and ins.stated_task(instruction) is None:
        request = decided.new_column
        notes.append(f"{decided.by}: the instruction adds column {request.name!r}")
    left_open: list[str] = []
    if request is not None:
        table = _addition_table(request, named, observation, instruction)
        operation: TaskType = "column_addition"
    else:
        if (len(named) > 1 and _child_of_named(named) is None) or (not named and len(observation.tables) > 1):
            left_open.append("table")
        if ins.stated_task(instruction) is None and not (docs and not ins.COLUMN_HINT.search(instruction)):
            left_open.append("task")  # documents decide adding or filling; only a column addition is left to read
        table = _decided_table(decided, named, observation, notes)
        if table is None:
            table = _choose_table(instruction, observation, named, docs, keys, notes)
        else:
            table = _child_of_decided(table, instruction, observation, named, docs, keys, notes)
        stated = ins.stated_task(instruction)
        evidence = bool(docs) and table.name in keys  # documents naming existing rows decide, not a guess
        if stated is None and not evidence and decided is not None and \
                decided.operation in ("row_population", "data_infilling"):
            operation = decided.operation
            notes.append(f"{decided.by}: the wording states no task; planned {operation}")
        else:
            operation = _choose_operation(instruction, table, docs, keys, notes)
            if decided is not None and decided.operation not in (None, operation):
                why = "the instruction says" if stated else "the documents name existing rows or not:"
                notes.append(f"{decided.by} planned {decided.operation}; {why} {operation}")
    only_existing = ins.only_existing_rows(instruction, operation)
    if only_existing and operation == "row_population":
        operation = "data_infilling"  # no new rows: what is left is filling the existing ones
    key = key_for(table, notes)
    entity, entity_labels = entity_of(table.name)
    new: list[ColumnPlan] = []
    if request is not None:
        columns, operation, new = _new_column(request, instruction, table, entity, observation, notes)
        only_existing = ins.only_existing_rows(instruction, operation)
    else:
        chosen = [c for c in (decided.columns if decided else ()) if table.has_column(c) and c not in key]
        columns = _named_or_open_columns(instruction, table, key, operation, notes, chosen,
                                         decided.by if decided else "", left_open)
    for phrase in ([] if new else ins.unheld_attributes(instruction, table, observation)):
        if any(f"asks for {phrase!r}" in n for n in notes):
            continue  # a listed item the column reading skipped, and said so
        notes.append(f"the instruction asks for {phrase!r}, which no column of {table.name!r} holds: not planned "
                     f"(to add it, ask for a column: 'add a {phrase} column to {table.name}')")
    dropped = set(drop)
    columns += [c for t, c in add if t == table.name and c not in columns and c not in key]
    listed = ins.listed_labels(instruction) if not new else None
    fill = [column_plan(observation, table, table.column(c), entity, operation=operation, instruction=instruction)
            for c in columns if table.has_column(c)]
    if listed and len([c for c in fill if c.link is None]) == 1:  # "mark family_friendly as yes or no"
        fill = [_with_labels(c, listed, table) if c.link is None else c for c in fill]
    fill = [c for c in fill + new if (table.name, c.name) not in dropped]
    if not fill:
        raise PlanningFailed(f"no column of table {table.name!r} is left to fill for this instruction")
    key_plans = [column_plan(observation, table, table.column(k), entity, as_key=True) for k in key]
    target = TablePlan(
        table=table.name,
        operation=operation,
        entity=entity,
        entity_types=list(entity_labels),
        key=key,
        columns=key_plans + fill,
        only_existing_rows=only_existing,
        require_facts=True,
    )
    # a parent the instruction names (or every table, when it names none) is planned with its columns
    scores = ins.table_scores(instruction, observation)
    parents_named = ({t.name for t in named if t.name != table.name and (scores[t.name] >= ins.STRONG
                                                                          or ins.asks_to_create(instruction, t.name))}
                     if named and not ins.WHOLE_DATABASE.search(instruction) else set(observation.table_names))
    tables = parent_plans(observation, target, with_columns=parents_named, instruction=instruction, add=add,
                          drop=dropped) + [target]
    for t in tables[:-1]:
        if len(t.columns) > len(t.key):
            notes.append(f"parent table {t.table!r} is planned with its columns too ({t.operation}): "
                         + ("the instruction names it" if t.table in {n.name for n in named}
                            else "the instruction speaks of the whole database" if named else "the instruction names no table"))
    plan = Plan(
        job=job,
        instruction=instruction,
        planner=RULES_V1,
        tables=tables,
        conflict_policy="overwrite" if OVERWRITE.search(instruction) else "fill_only",
    )
    return Drafted(plan, notes, tuple(left_open))


REFUSAL_HINT = ("text2db adds rows, fills empty cells and adds columns; say what to add or fill, e.g. "
                "'add the films described in these texts to the films table' or 'fill in the missing birth dates'")


def _addition_table(request: ins.NewColumnRequest, named: list[TableObservation], observation: Observation,
                    instruction: str) -> TableObservation:
    if request.table is not None:
        return observation.table(request.table)
    ref = request.references[0].lower() if request.references else None
    candidates = [t for t in named if t.name.lower() != ref] or named
    if candidates:
        return candidates[0]
    if len(observation.tables) == 1:
        return observation.tables[0]
    owners = set(ins.row_owners(instruction, observation)) or set(tables_meant_by_nouns(instruction, observation))
    if len(owners) == 1:  # "each plane's registration date" for aircraft, "for existing vendors" for supplier
        return observation.table(owners.pop())
    raise PlanningFailed(f"the instruction adds column {request.name!r} but names none of the tables "
                         f"({', '.join(observation.table_names)})",
                         hint=f"name the table, e.g. 'add a new column \"{request.name}\" to the "
                              f"{observation.table_names[-1]} table'")


def _choose_table(instruction: str, observation: Observation, named: list[TableObservation], docs: list[str],
                  keys: dict[str, list[str]], notes: list[str]) -> TableObservation:
    """The named table (a named child wins over its named parent, however often the parent is
    named: "painting.painter_id must reference the painter; add a painter row first"), else the
    one the documents are about (a child over its parent: its rows link to the parent's), else
    the only table."""
    if named:
        return _child_of_named(named) or named[0]
    missing = ins.missing_table_name(instruction, observation)
    if missing is not None:
        raise PlanningFailed(f"table {missing!r} does not exist (tables: {', '.join(observation.table_names)})",
                             hint=f"name one of the tables, e.g. 'add ... to the {observation.table_names[-1]} table'")
    if len(observation.tables) == 1:
        return observation.tables[0]
    children = {p for t in observation.tables for p in t.parents}
    by_columns = _table_of_named_columns(instruction, observation)
    if by_columns is not None:
        notes.append(f"the instruction names no table: chose {by_columns.name!r}, the one table with columns it names")
        return by_columns
    by_meaning = tables_meant_by_nouns(instruction, observation)
    if len(by_meaning) == 1:  # "add rows for the wholesalers named in these emails" for supplier
        (chosen, noun), = by_meaning.items()
        notes.append(f"the instruction names no table: chose {chosen!r}, the table closest in meaning to {noun!r}")
        return observation.table(chosen)
    if docs:
        scores = {t.name: ins.document_score(docs, t, keys.get(t.name, []),
                                             [k for p in t.parents for k in keys.get(p, [])])
                  for t in observation.tables}
        ranked = sorted(observation.tables, key=lambda t: -scores[t.name])
        best = [t for t in ranked if scores[t.name] > 0]
        # a parent the documents mention is linked from its child: plan the child
        leaves = [t for t in best if not any(c.name != t.name and t.name in c.parents and scores[c.name] > 0
                                             for c in observation.tables)]
        if leaves:
            chosen = leaves[0]
            notes.append(f"the instruction names no table: chose {chosen.name!r}, the table whose name and existing "
                         f"rows the documents mention most ({', '.join(f'{n} {v:g}' for n, v in scores.items())})")
            return chosen
    leaves = [t for t in observation.tables if t.name not in children and t.parents]
    if len(leaves) == 1:
        notes.append(f"the instruction names no table: chose {leaves[0].name!r}, the one table that references the "
                     "others (its rows link to theirs)")
        return leaves[0]
    raise PlanningFailed(f"the instruction names none of the tables ({', '.join(observation.table_names)})",
                         hint=f"name the table, e.g. 'add ... to the {observation.table_names[-1]} table', "
                              "or pass the documents (--documents) so the planner can choose")


def _table_of_named_columns(instruction: str, observation: Observation) -> TableObservation | None:
    """The one table some of whose columns the instruction names ("complete the seat counts" is
    `aircraft`, not the log that refers to it), counting only columns no other table has."""
    counts: dict[str, int] = {}
    for table in observation.tables:
        shared = {c.name for c in table.columns if any(o.name != table.name and o.has_column(c.name)
                                                       for o in observation.tables)}
        counts[table.name] = len({m.column for m in ins.mentions(instruction, table, shared)})
    named = [name for name, n in counts.items() if n > 0]
    return observation.table(named[0]) if len(named) == 1 else None


def _choose_operation(instruction: str, table: TableObservation, docs: list[str], keys: dict[str, list[str]],
                      notes: list[str]) -> TaskType:
    stated = ins.stated_task(instruction)
    if stated == "row_population" and ins.adds_to_existing_rows(instruction, table):
        notes.append("the wording adds columns' values to rows the table already has: their empty cells are filled "
                     "(data infilling)")
        return "data_infilling"
    if stated == "row_population" and ins.fills_columns_it_names(instruction, table):
        notes.append("the wording puts values in columns of the table and asks for no new rows: the empty cells of "
                     "its rows are filled (data infilling)")
        return "data_infilling"
    if stated is not None:
        return stated
    if ins.fills_named_columns(instruction, table):
        notes.append("the wording fills in columns of the table and asks for no new rows: the empty cells of its "
                     "rows are filled (data infilling)")
        return "data_infilling"
    if docs and table.name in keys:
        # a document whose subject is an existing row counts fully, one naming a row elsewhere half
        # (it may be a value: "... near The Wheatsheaf"; or the subject, named late: "... served by X")
        anywhere, as_subject = ins.key_mentions(docs, keys[table.name])
        weight = as_subject + 0.5 * (anywhere - as_subject)
        if weight * 2 >= len(docs):
            notes.append(f"the wording states no task: {anywhere} of {len(docs)} document(s) name rows {table.name!r} "
                         f"already has ({as_subject} as their subject), so their empty cells are filled (data infilling)")
            return "data_infilling"
        notes.append(f"the wording states no task: {len(docs) - as_subject} of {len(docs)} document(s) are about no "
                     f"row {table.name!r} has, so rows are added (row population; gaps of matched rows are filled too)")
        return "row_population"
    notes.append("the wording states no task: rows are added (row population; gaps of matched rows are filled too)")
    return "row_population"


EVENT_TABLE_HINT = ("text2db matches a table's rows on a column that names each row (a UNIQUE column, or a name); "
                    "a table of events or records keyed only by a generated id and references is not supported yet")


def key_for(table: TableObservation, notes: list[str]) -> list[str]:
    if table.natural_key:
        return list(table.natural_key)
    text_cols = [c for c in table.columns if c.value_type == "text" and not c.generated]
    if not text_cols:
        raise PlanningFailed(f"table {table.name!r} has no key and no text column rows could be matched on",
                             hint=EVENT_TABLE_HINT)
    if text_cols[0].references is not None:  # a log of its parent's events: maint_log(log_id, tail_number -> aircraft, ...)
        raise PlanningFailed(f"table {table.name!r} has no key of its own: its first text column "
                             f"{text_cols[0].name!r} refers to {text_cols[0].references.ref_table!r}, so matching rows "
                             f"on it would make every entry of one {text_cols[0].references.ref_table} one row",
                             hint=EVENT_TABLE_HINT)
    notes.append(f"table {table.name!r} has no unique key: rows are matched on {text_cols[0].name!r} (declared, not enforced)")
    return [text_cols[0].name]


def _fillable(table: TableObservation, key: list[str]) -> list[ColumnObservation]:
    return [c for c in table.columns if c.name not in key and not c.generated]


def _child_of_named(named: list[TableObservation]) -> TableObservation | None:
    """The child, where the named tables are one child and parents of it ("add these films ...
    create the director row first"): it is the target, nothing is left to decide; else None."""
    leaves = [t for t in named if not any(t.name in other.parents for other in named)]
    if len(leaves) == 1 and {t.name for t in named} - {leaves[0].name} <= set(leaves[0].parents):
        return leaves[0]
    return None


def _decided_table(decided: Decided | None, named: list[TableObservation], observation: Observation,
                   notes: list[str]) -> TableObservation | None:
    """The other planner's table, when it exists and the instruction names none or names it."""
    if decided is None or not decided.table or not observation.has_table(decided.table):
        return None
    if named and decided.table not in {t.name for t in named}:
        notes.append(f"{decided.by} chose table {decided.table!r}, but the instruction names "
                     f"{', '.join(t.name for t in named)}: the named table is planned")
        return None
    if not named or named[0].name != decided.table:
        notes.append(f"{decided.by}: chose table {decided.table!r}")
    return observation.table(decided.table)


def _child_of_decided(decided: TableObservation, instruction: str, observation: Observation,
                      named: list[TableObservation], docs: list[str], keys: dict[str, list[str]],
                      notes: list[str]) -> TableObservation:
    """Where another planner chose a parent, the child the rules would choose instead (the
    child the wording names, or where it names no table, the one the documents are about): the
    child's plan plans its parents too, a parent's plan leaves the child out ("Keep the cuisine
    database up to date" planned as `country` alone wrote none of the dishes its documents
    describe; "Add these politicians ... create the political_party row when ..." as
    `political_party`)."""
    if not any(decided.name in t.parents for t in observation.tables if t.name != decided.name):
        return decided
    if named:  # the wording's own target (named_tables ranks a named child over its parent)
        ours = named[0]
    else:
        try:
            ours = _choose_table(instruction, observation, [], docs, keys, [])
        except PlanningFailed:
            return decided
    if decided.name in ours.parents:
        notes.append(f"the instruction names no table: planned {ours.name!r}, which references {decided.name!r} "
                     "(planning the child plans its parents too)")
        return ours
    return decided


def _named_or_open_columns(instruction: str, table: TableObservation, key: list[str], operation: TaskType,
                           notes: list[str], chosen: Sequence[str] = (), chooser: str = "",
                           left_open: list[str] | None = None) -> list[str]:
    """The columns the instruction names; for listed phrases that name no column, the columns
    another planner `chosen` for them; when nothing is named, what the task implies. Phrases no
    column name matches are recorded in `left_open` as "columns"."""
    skip = set(key) | {c.name for c in table.columns if c.generated}
    found = ins.mentions(instruction, table, skip)
    named = list(dict.fromkeys(m.column for m in found))
    spans = [(m.start, m.end) for m in found]
    own = ins.table_words(table)
    items = ins.listed_items(instruction)
    unknown = []
    for i, (item, start, end) in enumerate(items):
        if any(s < end and start < e for s, e in spans):
            continue
        elided = _elided_column(instruction, items, i, table, skip) or _agent_column(item, table, skip)
        if elided is not None:
            if elided not in named:
                named.append(elided)
            notes.append(f"the instruction's {item!r} read as column {elided!r} (the whole phrase it stands for)")
        elif not _is_entity_word(item) and not ins.is_generic(item, own) and ins.names_an_attribute(item) \
                and not _value_example(item, table):
            unknown.append(item)
    for item in list(unknown):  # "place of birth" for birth_place, "date of founding" for founded
        match = ins.fuzzy_column(item, table, skip)
        how = "the same words"
        if match is None:  # "phone numbers" for contact_no, "weight" for wt_kg
            match, how = column_meant(item, table, skip | set(named)), "the closest in meaning"
        if match is not None:
            unknown.remove(item)
            named.append(match) if match not in named else None
            notes.append(f"the instruction's {item!r} read as column {match!r} ({how})")
    # as many descriptions unread ("who made each one", "type of venue") as open columns unnamed:
    # they are those. A word ("mood") names an attribute the table may not hold, so it is not matched so.
    left = [c for c in open_columns(table, key, operation) if c not in named] if unknown else []
    if unknown and len(unknown) == len(left) and all(len(item.split()) >= 3 for item in unknown):
        notes.append(f"the instruction's {', '.join(map(repr, unknown))} read as column(s) {', '.join(left)} "
                     "(the open columns no other phrase names)")
        named += left
        unknown = []
    if unknown and left_open is not None:
        left_open.append("columns")
    if unknown and chosen:  # phrases no column name matches: the other planner read them
        picked = [c for c in chosen if c not in named]
        if picked:
            notes.append(f"{chooser} read {', '.join(map(repr, unknown))} as column(s) {', '.join(picked)}")
            return named + picked
    for item in unknown:
        notes.append(f"the instruction asks for {item!r}, but table {table.name!r} has no such column: skipped")
    guided = None  # why the named columns are not all the instruction asks for
    if named and ins.EXAMPLES.search(instruction):  # "details such as the first ascent year": one of the gaps, not all
        guided = f"the instruction names {', '.join(named)} as examples"
    elif named and operation == "row_population" and ins.only_format_hints(instruction):
        guided = f"the instruction says how to write {', '.join(named)}"
    if guided is not None:
        notes.append(f"{guided}: the other open columns are planned too")
        return named + [c for c in open_columns(table, key, operation) if c not in named]
    if named and not all(table.column(n).references is not None for n in named):
        return named
    if unknown and not named:  # it asked for specific columns, none of which exist: filling others would be wrong
        raise PlanningFailed(f"table {table.name!r} has no column for {', '.join(map(repr, unknown))}",
                             hint="add it first with a column addition, e.g. 'add a new column \"x\" to the table'")
    # no column named (or only the link to a parent): what the task implies
    return open_columns(table, key, operation)


def _elided_column(instruction: str, items: list[tuple[str, int, int]], i: int, table: TableObservation,
                   skip: set[str]) -> str | None:
    """The column a one-word list item names with the words it shares with its neighbour
    ("premiere date and city": `premiere_city`), where the whole phrase names one and the
    neighbour names another ("name and home city" makes "name city": the home city's column)."""
    whole = ins.elided_item(instruction, items, i)
    if whole is None:
        return None
    column = _column_of_phrase(whole, table, skip)
    neighbours = {_column_of_phrase(items[j][0], table, skip) for j in (i - 1, i + 1) if 0 <= j < len(items)}
    return column if column not in neighbours else None


def _agent_column(item: str, table: TableObservation, skip: set[str]) -> str | None:
    """The column a "who <verb>" clause asks for: "who opened the Games" names `opened_by`."""
    m = re.match(r"who\s+([a-z]+ed)\b", item, re.I)
    return _column_of_phrase(f"{m.group(1)} by", table, skip) if m else None


def _column_of_phrase(phrase: str, table: TableObservation, skip: set[str]) -> str | None:
    """The one column a phrase names by a column phrase, else by the same words (fuzzy_column)."""
    found = ins.mentions(phrase, table, skip)
    return found[0].column if len(found) == 1 else ins.fuzzy_column(phrase, table, skip)


def _value_example(item: str, table: TableObservation) -> bool:
    """A listed phrase that gives a value, not a column: led by "e.g." ("e.g. 'more than £30'"),
    or a value the table already holds ("'city centre'")."""
    bare = item.strip(" '\"‘’“”")
    if ins.EXAMPLE_LEAD.match(bare):
        return True
    values = {str(v).casefold() for c in table.columns for v in c.samples}
    return bare.casefold() in values


def open_columns(table: TableObservation, key: list[str], operation: TaskType) -> list[str]:
    """Row population: every column rows can have; data infilling: those with empty cells."""
    fillable = _fillable(table, key)
    if operation == "data_infilling":
        with_gaps = [c.name for c in fillable if c.null_ratio is None or c.null_ratio > 0]
        return with_gaps or [c.name for c in fillable]
    return [c.name for c in fillable]


def _is_entity_word(item: str) -> bool:
    lowered = item.lower().strip()
    return any(lowered in names for names, _ in ENTITY_WORDS.values())


def _with_labels(col: ColumnPlan, labels: list[str], table: TableObservation) -> ColumnPlan:
    """Labels listed in the instruction, spelled as the table already spells them."""
    observed = table.column(col.name) if table.has_column(col.name) else None
    spelled = {s.lower(): s for s in (observed.samples if observed else [])}
    labels = [spelled.get(label.lower(), label) for label in labels]
    return col.model_copy(update={"tool": "classification", "labels": labels, "labels_open": False, "value_type": "text",
                                  "format": ValueFormat(kind="label", examples=labels[:10])})


def _new_column(request: ins.NewColumnRequest, instruction: str, table: TableObservation, entity: str,
                observation: Observation, notes: list[str]) -> tuple[list[str], TaskType, list[ColumnPlan]]:
    """The column to add, or the existing column of that name (then it is data infilling)."""
    raw = request.name.strip()
    name = re.sub(r"[\s-]+", "_", raw).lower() if re.fullmatch(r"[A-Za-z0-9_ -]+", raw) else raw
    if table.has_column(name) or table.has_column(raw):
        existing = name if table.has_column(name) else raw
        notes.append(f"column {existing!r} already exists in {table.name!r}: planned as data infilling")
        return [existing], "data_infilling", []
    if not NEW_IDENTIFIER.match(name):
        raise PlanningFailed(f"new column name {raw!r} is not a plain identifier (letters, digits, underscores)",
                             hint="name the new column with letters, digits and underscores, e.g. \"death_date\"")
    described = request.description or ""
    template = ins.date_template(instruction)
    if template is not None:  # "a Born column, DD Month YYYY": a template says the format, and is no description
        fmt, value_type = ValueFormat(kind="date", pattern=template), "date"
        if described and (ins.date_template(described) or any(described in m.group(0)
                                                               for m in ins.DATE_TEMPLATE.finditer(instruction))):
            described = ""
    else:
        fmt, value_type = ins.format_request(_type_words(request.sql_type)) if request.sql_type else (None, None)
    if fmt is None:  # "stored as an integer", "a number in metres" - not the words of the description
        fmt, value_type = ins.format_request(instruction.replace(described, " ") if described else instruction)
    named = read_name(name)
    meaning = meaning_of(name)
    glossed = ins.glossed_labels(instruction)
    if glossed:  # the labels' meanings are the question: "colour ('red' for dark-skinned ...)"
        described = ""
    question = described or ins.meaning_in_wording(instruction) or (meaning.question if meaning else named.question)
    if glossed:
        question = f"{_of_the(question, entity)} ({', '.join(f'{label!r} for {gloss}' for label, gloss in glossed)})"
    link = _requested_link(request, observation, instruction)
    if link is not None:
        parent = observation.table(link.table)
        ref_col = parent.column(link.column)
        _, parent_labels = entity_of(parent.name)
        plan = ColumnPlan(name=name, tool="relation", question=f"{question} of the {entity}", value_type="text",
                          entity_types=list(parent_labels), link=link, demonstrations=_parent_names(parent, link),
                          new=NewColumn(sql_type=_sql_type_of(ref_col, observation.dialect), nullable=True))
        notes.append(f"new column {name!r} references {link.table}.{link.column}: values link by {link.match_on!r}")
        return [], "column_addition", [plan]
    guessed = value_type or (meaning.value_type if meaning else None) or named.value_type or "text"
    plan = new_column_plan(name, guessed, None, question, entity, table, observation.dialect, fmt)
    unit = named.unit or ins.unit_request(described)
    if unit and plan.format.kind in ("number", "integer"):
        plan = plan.model_copy(update={"format": plan.format.model_copy(update={"unit": unit})})
    labels = ins.listed_labels(instruction)
    if labels:  # "(yes or no)": the labels are written as text, whatever the name suggested (has_terrace)
        plan = _with_labels(plan, labels, table)
        if plan.new is not None and plan.new.sql_type != "TEXT":
            plan = plan.model_copy(update={"new": plan.new.model_copy(update={"sql_type": "TEXT"})})
    return [], "column_addition", [plan]


def _type_words(sql_type: str | None) -> str:
    if not sql_type:
        return ""
    upper = sql_type.upper()
    if upper.startswith(("INT",)):
        return "an integer"
    if upper in ("REAL", "FLOAT", "NUMERIC", "DOUBLE"):
        return "a number"
    if upper.startswith("BOOL"):
        return "boolean"
    if upper == "DATE":
        return "an ISO date"
    return ""


def _sql_type_of(col: ColumnObservation, dialect: str) -> str:
    return {"integer": "INTEGER", "year": "INTEGER", "number": "REAL", "boolean": "BOOLEAN",
            "date": "TEXT" if dialect == "sqlite" else "DATE"}.get(col.value_type, "TEXT")


def _requested_link(request: ins.NewColumnRequest, observation: Observation, instruction: str) -> ForeignKeyLink | None:
    """'... that references country(id)': the parent must exist; the link is by its natural key."""
    if request.references is None:
        return None
    ref_table, ref_column = request.references
    parent = next((t for t in observation.tables if t.name.lower() == ref_table.lower()), None)
    if parent is None:
        raise PlanningFailed(f"the new column should reference table {ref_table!r}, which does not exist "
                             f"(tables: {', '.join(observation.table_names)})",
                             hint="name an existing table after 'references', e.g. 'references country(id)'")
    column = ref_column or (parent.primary_key[0] if len(parent.primary_key) == 1 else None)
    if column is None or not parent.has_column(column):
        raise PlanningFailed(f"table {parent.name!r} has no column {ref_column!r} to reference",
                             hint=f"reference its key, e.g. 'references {parent.name}({(parent.primary_key or ['id'])[0]})'")
    match_on = (parent.natural_key or [column])[0]
    create = ins.CREATE_PARENTS.search(instruction) is not None
    return ForeignKeyLink(table=parent.name, column=column, match_on=match_on,
                          on_missing="create" if create and match_on != column else "review")


def new_column_plan(name: str, value_type: ValueType, date_pattern: str | None, question: str, entity: str,
                    table: TableObservation, dialect: str, fmt: ValueFormat | None = None) -> ColumnPlan:
    """A column to add: its SQL type follows the value type (dates stay text on SQLite)."""
    meaning = meaning_of(name)
    named = read_name(name)
    if value_type in ("integer", "date") and _says_year(name, question) and not named.count:
        value_type, fmt = "year", ValueFormat(kind="year")
    if fmt is None:
        fmt = _default_format(value_type, meaning is not None and meaning.country, table)
        if value_type == "date" and date_pattern:
            fmt = ValueFormat(kind="date", pattern=date_pattern)
    if named.unit and fmt.kind in ("number", "integer") and fmt.unit is None:
        fmt = fmt.model_copy(update={"unit": named.unit})
    sql_type = {"integer": "INTEGER", "year": "INTEGER", "number": "REAL", "boolean": "BOOLEAN",
                "date": "TEXT" if dialect == "sqlite" else "DATE"}.get(value_type, "TEXT")
    return ColumnPlan(
        name=name,
        tool="attribute" if value_type != "text" else "entity",
        question=_of_the(question, entity),
        value_type=value_type,
        format=fmt,
        entity_types=_entity_types(meaning, value_type, name),
        new=NewColumn(sql_type=sql_type, nullable=True),
    )


def _of_the(question: str, entity: str) -> str:
    """'mayor' -> 'mayor of the city'; a question that already names the entity ('the island
    chain each island is part of') stays as written."""
    return question if re.search(rf"\b{re.escape(entity)}s?\b", question, re.I) else f"{question} of the {entity}"


def _says_year(name: str, question: str) -> bool:
    """'birth_year', 'year of birth': a year, whatever the lexicon says about the other words."""
    return "year" in words(name).split() or re.search(r"\byear\b", question, re.I) is not None


def _default_format(value_type: ValueType, country: bool, table: TableObservation) -> ValueFormat:
    if country:
        return ValueFormat(kind="country", style="common_name")
    if value_type == "date":  # follow the table's other date columns, else ISO
        patterns = [c.format.pattern for c in table.columns if c.format.kind == "date" and c.format.pattern]
        return ValueFormat(kind="date", pattern=patterns[0] if patterns else "%Y-%m-%d")
    return ValueFormat(kind=value_type if value_type != "text" else "text")


def _entity_types(meaning, value_type: ValueType, name: str = "") -> list[str]:
    """NER labels a value may carry: the lexicon's for the whole name, else what the name and
    the value type say (dates, quantities), else the lexicon's hint for the name's head word."""
    if meaning is not None and meaning.entity_types:
        return list(meaning.entity_types)
    named = read_name(name) if name else None
    if value_type in ("date", "year"):
        return ["DATE"]
    if named is not None and named.entity_types:
        return list(named.entity_types)
    head = head_meaning(name) if name and value_type == "text" else None
    return list(head.entity_types) if head is not None else []


def column_plan(observation: Observation, table: TableObservation, col: ColumnObservation, entity: str,
                as_key: bool = False, operation: TaskType = "row_population", instruction: str = "") -> ColumnPlan:
    """What to ask for an existing column and how to write it, from its name and what its rows show."""
    meaning = meaning_of(col.name)
    named = read_name(col.name)
    value_type, fmt = col.value_type, col.format
    said = meaning.value_type if meaning is not None else named.value_type
    if not col.samples and said is not None:  # nothing to learn from: the name decides
        if col.value_type == "text" or (col.value_type == "integer" and said == "year"):
            value_type = said
        if col.value_type == "integer" and said == "date" or ("year" in named.words.split() and not named.count):
            value_type = "year"
        fmt = _default_format(value_type, meaning is not None and meaning.country, table)
    if fmt.kind in ("number", "integer") and fmt.unit is None and named.unit:
        fmt = fmt.model_copy(update={"unit": named.unit})
    question = meaning.question if meaning else named.question
    link = _link(observation, col, operation, instruction)
    if as_key:
        _, labels = entity_of(table.name)
        return ColumnPlan(name=col.name, tool="key", question=f"{words(col.name)} of the {entity}",
                          value_type=value_type, format=fmt, entity_types=list(labels),
                          demonstrations=col.demonstrations)
    if link is not None:
        parent_entity, parent_labels = entity_of(link.table)
        parent = observation.table(link.table)
        if ins.names_its_parent(col.name, link.table):  # `star_id` -> star: the parent says what it is, not the lexicon's "star" (an actor)
            question, meaning = parent_entity, None
        return ColumnPlan(name=col.name, tool="relation", value_type="text",
                          question=f"{question} of the {entity}",
                          entity_types=list(meaning.entity_types if meaning and meaning.entity_types else parent_labels),
                          link=link, demonstrations=_parent_names(parent, link))
    tool = col.recommended_tool if col.recommended_tool != "key" else "entity"
    return ColumnPlan(
        name=col.name,
        tool=tool,
        question=f"{question} of the {entity}",
        value_type=value_type,
        format=fmt,
        labels=col.labels if tool == "classification" else None,
        labels_open=col.labels_open and tool == "classification",
        entity_types=_entity_types(meaning, value_type, col.name),
        demonstrations=col.demonstrations,
    )


def _parent_names(parent: TableObservation, link: ForeignKeyLink) -> list[str]:
    """What a reference column's values show: it holds ids, but a document writes the parent
    row's key, so the parents' keys are its demonstrations (new reference columns as existing ones)."""
    return list(parent.column(link.match_on).demonstrations) if parent.has_column(link.match_on) else []


def _link(observation: Observation, col: ColumnObservation, operation: TaskType = "row_population",
          instruction: str = "") -> ForeignKeyLink | None:
    """Row population creates a missing parent (by its natural key); filling gaps links to the
    parents that exist, unless the instruction asks to create them."""
    ref = col.references
    if ref is None or len(ref.columns) != 1 or not observation.has_table(ref.ref_table):
        return None
    parent = observation.table(ref.ref_table)
    match_on = (parent.natural_key or [None])[0]
    if match_on is None or match_on == ref.ref_columns[0]:
        return ForeignKeyLink(table=parent.name, column=ref.ref_columns[0], match_on=ref.ref_columns[0],
                              on_missing="review")
    create = operation == "row_population" or ins.CREATE_PARENTS.search(instruction) is not None
    return ForeignKeyLink(table=parent.name, column=ref.ref_columns[0], match_on=match_on,
                          on_missing="create" if create else "review")


def parent_plans(observation: Observation, target: TablePlan, with_columns: set[str] | frozenset[str] = frozenset(),
                 instruction: str = "", add: Sequence[tuple[str, str]] = (),
                 drop: set[tuple[str, str]] | frozenset = frozenset()) -> list[TablePlan]:
    """Parent tables planned before the child: those whose rows links may create (key only,
    or with their columns when the instruction names them or no table at all), and parents a
    data infilling names (their empty cells)."""
    plans: list[TablePlan] = []
    for c in target.columns:
        if c.link is None or c.link.table == target.table:
            continue
        creates = c.link.on_missing == "create"
        if not creates and c.link.table not in with_columns:
            continue
        parent = observation.table(c.link.table)
        entity, labels = entity_of(parent.name)
        key = [c.link.match_on] if creates else (parent.natural_key or [c.link.match_on])
        key_plans = [column_plan(observation, parent, parent.column(k), entity, as_key=True) for k in key]
        operation: TaskType = "row_population" if creates else "data_infilling"
        fill: list[ColumnPlan] = []
        if parent.name in with_columns:
            names = open_columns(parent, key, operation)
            names += [col for t, col in add if t == parent.name and col not in names and col not in key]
            fill = [column_plan(observation, parent, parent.column(n), entity, operation=operation,
                                instruction=instruction) for n in names if (parent.name, n) not in drop]
            fill = [f for f in fill if f.link is None or f.link.table != target.table]
        plans.append(TablePlan(table=parent.name, operation=operation, entity=entity, entity_types=list(labels),
                               key=key, columns=key_plans + fill, only_existing_rows=not creates))
    order = observation.table_names
    unique = {p.table: p for p in plans}
    return sorted(unique.values(), key=lambda p: order.index(p.table))
