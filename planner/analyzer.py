"""Analyzer: checks a plan against the observed schema before anything runs.

Static checks make sure the plan names only what exists (or declares valid new columns), that
types fit, NOT NULL columns are covered, parents come before children and keys are defined.
Then `simulate` (planner/simulation.py) replays existing rows through the real integrator in a
rolled-back transaction. The report lists every check that ran.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy.engine import Engine

from text2db.config import Settings
from text2db.planner.report import AnalysisReport
from text2db.schemas.observation import ColumnObservation, Observation, TableObservation
from text2db.schemas.plan import NEW_IDENTIFIER, ColumnPlan, Plan, TablePlan

# value types a column of each observed type family can store
FITS = {
    "text": {"text", "date", "year", "integer", "number", "boolean"},
    "integer": {"integer", "year", "boolean"},
    "year": {"integer", "year"},
    "number": {"integer", "year", "number"},
    "date": {"date"},
    "boolean": {"boolean"},
}
STATIC_CHECKS = ("tables_exist", "columns_exist", "new_columns_valid", "types_fit", "formats_valid", "keys_defined",
                 "not_null_covered", "links_valid", "parents_first")


def analyze(plan: Plan, observation: Observation, engine: Engine | None = None, settings: Settings | None = None,
            simulate: bool = True) -> AnalysisReport:
    """Static checks, then (if `engine` is given and they pass) the rolled-back simulation."""
    report = AnalysisReport(checks=list(STATIC_CHECKS))
    seen: list[str] = []
    for tplan in plan.tables:
        if not observation.has_table(tplan.table):
            report.add("error", "unknown_table", f"table {tplan.table!r} does not exist", tplan.table)
            continue
        table = observation.table(tplan.table)
        _check_columns(report, tplan, table)
        _check_keys(report, tplan, table)
        _check_not_null(report, tplan, table)
        _check_links(report, plan, tplan, observation, seen)
        seen.append(tplan.table)
    if len({t.table for t in plan.tables}) != len(plan.tables):
        report.add("error", "table_twice", "a table is planned twice; merge its columns into one entry")
    if simulate and engine is not None and report.passed:
        from text2db.planner.simulation import simulate as run_simulation

        report.checks.append("simulation")
        run_simulation(engine, plan, observation, settings, report)
    return report


def _check_columns(report: AnalysisReport, tplan: TablePlan, table: TableObservation) -> None:
    for col in tplan.columns:
        if col.new is not None:
            _check_new_column(report, tplan, table, col)
            continue
        if not table.has_column(col.name):
            report.add("error", "unknown_column", f"column {col.name!r} does not exist in {table.name!r} "
                       "(declare it as a new column in a column addition)", table.name, col.name)
            continue
        observed = table.column(col.name)
        if observed.generated and col.tool != "key":
            report.add("error", "generated_column", f"{table.name}.{col.name} is filled by the database", table.name, col.name)
        family = observed.value_type if observed.value_type != "year" else "integer"
        sql_family = _sql_family(observed.sql_type, family)
        if col.link is None and col.value_type not in FITS[sql_family]:
            report.add("error", "type_mismatch", f"{table.name}.{col.name} is {observed.sql_type}; "
                       f"{col.value_type} values do not fit", table.name, col.name)
        _check_format(report, table.name, col)
        if observed.labels and col.labels and not set(col.labels) <= set(observed.labels):
            extra = sorted(set(col.labels) - set(observed.labels))
            report.add("warning", "new_labels", f"{table.name}.{col.name}: labels {extra} not seen in the table", table.name, col.name)
        if observed.references is not None and col.link is None:
            report.add("error", "link_missing", f"{table.name}.{col.name} references {observed.references.ref_table}: "
                       "plan how it links", table.name, col.name)


def _sql_family(sql_type: str, observed_family: str) -> str:
    upper = sql_type.upper()
    if any(t in upper for t in ("CHAR", "TEXT", "CLOB", "STRING")):
        return "text"
    if upper.startswith("DATE") or "TIMESTAMP" in upper:
        return "date"
    return observed_family if observed_family in FITS else "text"


def _check_new_column(report: AnalysisReport, tplan: TablePlan, table: TableObservation, col: ColumnPlan) -> None:
    if table.has_column(col.name):
        report.add("error", "new_column_exists", f"{table.name}.{col.name} already exists", table.name, col.name)
    if not NEW_IDENTIFIER.match(col.name):
        report.add("error", "bad_identifier", f"new column name {col.name!r} is not a plain identifier", table.name, col.name)
    if tplan.operation != "column_addition":
        report.add("error", "new_column_outside_addition", f"{table.name}.{col.name} is new but the table's task is "
                   f"{tplan.operation}", table.name, col.name)
    assert col.new is not None
    allowed = {"TEXT": FITS["text"], "INTEGER": FITS["integer"], "REAL": FITS["number"], "DATE": {"date"},
               "BOOLEAN": {"boolean"}}[col.new.sql_type]
    if col.link is None and col.value_type not in allowed:  # a link stores the parent's key, not the mention
        report.add("error", "type_mismatch", f"new column {col.name} {col.new.sql_type} cannot hold {col.value_type} "
                   "values", table.name, col.name)
    _check_format(report, table.name, col)


def _check_format(report: AnalysisReport, table: str, col: ColumnPlan) -> None:
    if col.format.kind == "date":
        pattern = col.format.pattern or "%Y-%m-%d"
        try:
            rendered = date(2001, 2, 3).strftime(pattern)
        except ValueError:
            rendered = ""
        if "2001" not in rendered and "01" not in rendered:
            report.add("error", "bad_format", f"{table}.{col.name}: date pattern {pattern!r} writes no year", table, col.name)
    if col.format.kind == "label" and not col.labels:
        report.add("error", "bad_format", f"{table}.{col.name}: a label format needs labels", table, col.name)


def _check_keys(report: AnalysisReport, tplan: TablePlan, table: TableObservation) -> None:
    for k in tplan.key:
        if not table.has_column(k):
            report.add("error", "unknown_key", f"key column {k!r} does not exist in {table.name!r}", table.name, k)
    enforced = [table.primary_key, *table.unique_keys]
    if tplan.key and all(table.has_column(k) for k in tplan.key) and not any(set(u) <= set(tplan.key) for u in enforced if u):
        report.add("warning", "key_not_enforced", f"{table.name}: rows are matched on {tplan.key}, which the database "
                   "does not enforce as unique (declared by the plan)", table.name)


def _check_not_null(report: AnalysisReport, tplan: TablePlan, table: TableObservation) -> None:
    if tplan.only_existing_rows:
        return
    covered = set(tplan.key) | {c.name for c in tplan.columns}
    for col in table.columns:
        if (not col.nullable or _given_pk(col, table)) and not col.has_default and not col.generated and col.name not in covered:
            report.add("error", "not_null_uncovered", f"{table.name}.{col.name} is NOT NULL without a default and the "
                       "plan inserts rows without it (plan it, or set only_existing_rows)", table.name, col.name)


def _given_pk(col: ColumnObservation, table: TableObservation) -> bool:
    """A primary key of one column that a new row must bring: not a number text2db can count
    on (an ISBN, a code). SQLite reports `isbn TEXT PRIMARY KEY` as nullable, yet a row without
    it has no identity (and PostgreSQL refuses it)."""
    return col.primary_key and table.primary_key == [col.name] and col.value_type != "integer"


def _check_links(report: AnalysisReport, plan: Plan, tplan: TablePlan, observation: Observation, seen: list[str]) -> None:
    planned = [t.table for t in plan.tables]
    for col in tplan.columns:
        link = col.link
        if link is None:
            continue
        if not observation.has_table(link.table):
            report.add("error", "unknown_table", f"{tplan.table}.{col.name} links to missing table {link.table!r}",
                       tplan.table, col.name)
            continue
        parent = observation.table(link.table)
        for name in (link.column, link.match_on):
            if not parent.has_column(name):
                report.add("error", "unknown_column", f"link of {tplan.table}.{col.name}: {link.table}.{name} does not "
                           "exist", tplan.table, col.name)
        if link.table in planned and link.table != tplan.table and link.table not in seen:
            report.add("error", "parent_after_child", f"{link.table} must come before {tplan.table} in the plan",
                       tplan.table, col.name)
