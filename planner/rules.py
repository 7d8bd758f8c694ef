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
from text2db.planner.lexicon import ENTITY_WORDS, entity_of, meaning_of, words
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


def plan_with_rules(instruction: str, observation: Observation, job: str, drop: Sequence[tuple[str, str]] = (),
                    add: Sequence[tuple[str, str]] = ()) -> Drafted:
    """A revision passes the analyzer's feedback as (table, column) pairs: `drop` columns it
    rejected, `add` columns inserted rows need (NOT NULL without a default)."""
    if not observation.tables:
        raise PlanningFailed("the target database has no tables to plan for")
    table = ins.target_table(instruction, observation)
    if table is None:
        names = ", ".join(observation.table_names)
        raise PlanningFailed(f"the instruction names none of the tables ({names})")
    notes: list[str] = []
    operation: TaskType = ins.task_type(instruction)
    only_existing = ins.only_existing_rows(instruction, operation)
    if only_existing and operation == "row_population":
        operation = "data_infilling"  # no new rows: what is left is filling the existing ones
    key = key_for(table, notes)
    entity, entity_labels = entity_of(table.name)
    new: list[ColumnPlan] = []
    if operation == "column_addition":
        columns, operation, new = _new_column(instruction, table, entity, observation.dialect, notes)
        only_existing = ins.only_existing_rows(instruction, operation)
    else:
        columns = _named_or_open_columns(instruction, table, key, operation, notes)
    dropped = set(drop)
    columns += [c for t, c in add if t == table.name and c not in columns and c not in key]
    fill = [column_plan(observation, table, table.column(c), entity) for c in columns if table.has_column(c)]
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
    tables = parent_plans(observation, target) + [target]
    plan = Plan(
        job=job,
        instruction=instruction,
        planner=RULES_V1,
        tables=tables,
        conflict_policy="overwrite" if OVERWRITE.search(instruction) else "fill_only",
    )
    return Drafted(plan, notes)


def key_for(table: TableObservation, notes: list[str]) -> list[str]:
    if table.natural_key:
        return list(table.natural_key)
    text_cols = [c for c in table.columns if c.value_type == "text" and not c.generated]
    if not text_cols:
        raise PlanningFailed(f"table {table.name!r} has no key and no text column rows could be matched on")
    notes.append(f"table {table.name!r} has no unique key: rows are matched on {text_cols[0].name!r} (declared, not enforced)")
    return [text_cols[0].name]


def _fillable(table: TableObservation, key: list[str]) -> list[ColumnObservation]:
    return [c for c in table.columns if c.name not in key and not c.generated]


def _named_or_open_columns(instruction: str, table: TableObservation, key: list[str], operation: TaskType,
                           notes: list[str]) -> list[str]:
    skip = set(key) | {c.name for c in table.columns if c.generated}
    named = list(dict.fromkeys(m.column for m in ins.mentions(instruction, table, skip)))
    spans = [(m.start, m.end) for m in ins.mentions(instruction, table, skip)]
    unknown = [item for item, start, end in ins.listed_items(instruction)
               if not any(s < end and start < e for s, e in spans) and not _is_entity_word(item)]
    for item in unknown:
        notes.append(f"the instruction asks for {item!r}, but table {table.name!r} has no such column: skipped")
    if named:
        return named
    if unknown:  # it asked for specific columns, none of which exist: filling others would be wrong
        raise PlanningFailed(f"table {table.name!r} has no column for {', '.join(map(repr, unknown))}",
                             hint="add it first with a column addition, e.g. 'add a new column \"x\" to the table'")
    fillable = _fillable(table, key)
    if operation == "data_infilling":
        with_gaps = [c.name for c in fillable if c.null_ratio is None or c.null_ratio > 0]
        return with_gaps or [c.name for c in fillable]
    return [c.name for c in fillable]


def _is_entity_word(item: str) -> bool:
    lowered = item.lower().strip()
    return any(lowered in names for names, _ in ENTITY_WORDS.values())


def _new_column(instruction: str, table: TableObservation, entity: str, dialect: str,
                notes: list[str]) -> tuple[list[str], TaskType, list[ColumnPlan]]:
    """The column to add, or the existing column of that name (then it is data infilling)."""
    raw = ins.new_column_name(instruction)
    if raw is None:
        raise PlanningFailed("a column addition needs the new column's name in quotes, e.g. add a new column \"death\"")
    name = re.sub(r"[\s-]+", "_", raw.strip()).lower() if re.fullmatch(r"[A-Za-z0-9_ -]+", raw.strip()) else raw
    if table.has_column(name) or table.has_column(raw):
        existing = name if table.has_column(name) else raw
        notes.append(f"column {existing!r} already exists in {table.name!r}: planned as data infilling")
        return [existing], "data_infilling", []
    if not NEW_IDENTIFIER.match(name):
        raise PlanningFailed(f"new column name {raw!r} is not a plain identifier (letters, digits, underscores)")
    fmt, value_type = ins.format_request(instruction)
    meaning = meaning_of(name)
    question = ins.new_column_question(instruction, name) or (meaning.question if meaning else words(name))
    plan = new_column_plan(name, value_type or (meaning.value_type if meaning else "text"), None, question, entity,
                           table, dialect, fmt)
    return [], "column_addition", [plan]


def new_column_plan(name: str, value_type: ValueType, date_pattern: str | None, question: str, entity: str,
                    table: TableObservation, dialect: str, fmt: ValueFormat | None = None) -> ColumnPlan:
    """A column to add: its SQL type follows the value type (dates stay text on SQLite)."""
    meaning = meaning_of(name)
    if value_type in ("integer", "date") and _says_year(name, question):
        value_type, fmt = "year", ValueFormat(kind="year")
    if fmt is None:
        fmt = _default_format(value_type, meaning is not None and meaning.country, table)
        if value_type == "date" and date_pattern:
            fmt = ValueFormat(kind="date", pattern=date_pattern)
    sql_type = {"integer": "INTEGER", "year": "INTEGER", "number": "REAL", "boolean": "BOOLEAN",
                "date": "TEXT" if dialect == "sqlite" else "DATE"}.get(value_type, "TEXT")
    return ColumnPlan(
        name=name,
        tool="attribute" if value_type != "text" else "entity",
        question=f"{question} of the {entity}",
        value_type=value_type,
        format=fmt,
        entity_types=_entity_types(meaning, value_type),
        new=NewColumn(sql_type=sql_type, nullable=True),
    )


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


def _entity_types(meaning, value_type: ValueType) -> list[str]:
    if meaning is not None and meaning.entity_types:
        return list(meaning.entity_types)
    return ["DATE"] if value_type in ("date", "year") else []


def column_plan(observation: Observation, table: TableObservation, col: ColumnObservation, entity: str,
                as_key: bool = False) -> ColumnPlan:
    """What to ask for an existing column and how to write it, from what its rows show."""
    meaning = meaning_of(col.name)
    value_type, fmt = col.value_type, col.format
    if not col.samples and meaning is not None:  # nothing to learn from: the name decides
        value_type = meaning.value_type if col.value_type == "text" else col.value_type
        if col.value_type == "integer" and meaning.value_type == "date" or "year" in words(col.name).split():
            value_type = "year"
        fmt = _default_format(value_type, meaning.country, table)
    link = _link(observation, col)
    if as_key:
        _, labels = entity_of(table.name)
        return ColumnPlan(name=col.name, tool="key", question=f"{words(col.name)} of the {entity}",
                          value_type=value_type, format=fmt, entity_types=list(labels),
                          demonstrations=col.demonstrations)
    if link is not None:
        parent_entity, parent_labels = entity_of(link.table)
        return ColumnPlan(name=col.name, tool="relation", value_type="text",
                          question=f"{(meaning.question if meaning else words(col.name))} of the {entity}",
                          entity_types=list(meaning.entity_types if meaning and meaning.entity_types else parent_labels),
                          link=link, demonstrations=[])
    tool = col.recommended_tool if col.recommended_tool != "key" else "entity"
    return ColumnPlan(
        name=col.name,
        tool=tool,
        question=f"{meaning.question if meaning else words(col.name)} of the {entity}",
        value_type=value_type,
        format=fmt,
        labels=col.labels if tool == "classification" else None,
        entity_types=_entity_types(meaning, value_type),
        demonstrations=col.demonstrations,
    )


def _link(observation: Observation, col: ColumnObservation) -> ForeignKeyLink | None:
    ref = col.references
    if ref is None or len(ref.columns) != 1 or not observation.has_table(ref.ref_table):
        return None
    parent = observation.table(ref.ref_table)
    match_on = (parent.natural_key or [None])[0]
    if match_on is None or match_on == ref.ref_columns[0]:
        return ForeignKeyLink(table=parent.name, column=ref.ref_columns[0], match_on=ref.ref_columns[0],
                              on_missing="review")
    return ForeignKeyLink(table=parent.name, column=ref.ref_columns[0], match_on=match_on, on_missing="create")


def parent_plans(observation: Observation, target: TablePlan) -> list[TablePlan]:
    """Parent tables whose rows links may create, planned before the child (key only)."""
    plans: list[TablePlan] = []
    for c in target.columns:
        if c.link is None or c.link.on_missing != "create" or c.link.table == target.table:
            continue
        parent = observation.table(c.link.table)
        entity, labels = entity_of(parent.name)
        key_plan = column_plan(observation, parent, parent.column(c.link.match_on), entity, as_key=True)
        plans.append(TablePlan(table=parent.name, operation="row_population", entity=entity, entity_types=list(labels),
                               key=[c.link.match_on], columns=[key_plan]))
    order = observation.table_names
    unique = {p.table: p for p in plans}
    return sorted(unique.values(), key=lambda p: order.index(p.table))
