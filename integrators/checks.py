"""Integrity checks of a batch before commit, as Great Expectations suites derived from the
schema (a unique natural key, foreign keys: where the database does not enforce them itself),
the plan (date patterns, label sets, year ranges) and the existing data (a format every existing
value of a text column follows).

GX reads through its own connection and would not see the batch's uncommitted rows, so the
suite runs on a pandas frame that the batch's own connection reads: the rows written plus
every row sharing their keys, and the parent keys their foreign keys point at. A failure
raises ChecksFailed; the caller's transaction is rolled back and the batch dead-lettered.
"""

from __future__ import annotations

import re
import threading
import uuid
from datetime import date
from functools import lru_cache
from typing import Any

import pandas as pd
from sqlalchemy import func, select, tuple_
from sqlalchemy.engine import Connection, Engine

from text2db.integrators.exceptions import ChecksFailed
from text2db.integrators.plancache import PlanCache
from text2db.integrators.textstyle import labels_regex
from text2db.integrators.upsert import Ident, TargetTable, python_type, reflect
from text2db.schemas.plan import Plan, TablePlan

STRFTIME_REGEX = {"%Y": r"\d{4}", "%m": r"\d{2}", "%d": r"\d{2}", "%-m": r"\d{1,2}", "%-d": r"\d{1,2}",
                  "%B": r"[A-Z][a-z]+", "%b": r"[A-Z][a-z]{2}", "%y": r"\d{2}", "%e": r" ?\d{1,2}"}
# Formats a text column's existing values may all share; the batch must then follow it too.
LEARNABLE = {"iso date": r"^\d{4}-\d{2}-\d{2}$", "year": r"^\d{4}$"}
_gx_lock = threading.Lock()


def strftime_regex(pattern: str) -> str:
    parts = re.split(r"(%-?[A-Za-z])", pattern)
    return "^" + "".join(STRFTIME_REGEX.get(p, re.escape(p)) if p.startswith("%") else re.escape(p) for p in parts) + "$"


@lru_cache(maxsize=1)
def _batch_definition():  # type: ignore[no-untyped-def]
    import great_expectations as gx

    context = gx.get_context(mode="ephemeral")
    try:
        from great_expectations.data_context.types.base import ProgressBarsConfig

        context.variables.progress_bars = ProgressBarsConfig(globally=False)
    except Exception:  # progress bars are cosmetic; older/newer GX may lack the switch
        pass
    asset = context.data_sources.add_pandas("text2db_batch").add_dataframe_asset("candidate_rows")
    return asset.add_batch_definition_whole_dataframe("whole")


def batch_frame(conn: Connection, target: TargetTable, written: dict[Ident, set[str]]) -> pd.DataFrame:
    """The written rows plus every row sharing one of their natural keys (duplicates show).

    Cells the batch did not write are blanked, except the columns whole-row rules need (keys,
    identity, foreign keys, NOT NULL): an old odd value elsewhere in a row must not fail
    every batch that later fills one of its cells.
    """
    table = target.table
    ident_cols = [table.c[c] for c in target.identity]
    id_expr = tuple_(*ident_cols) if len(ident_cols) > 1 else ident_cols[0]
    id_values = list(written) if len(ident_cols) > 1 else [i[0] for i in written]
    if len(target.key) == 1:  # one statement: the rows whose key a written row holds (those included)
        key_col = table.c[target.key[0]]
        query = select(table).where(key_col.in_(select(key_col).where(id_expr.in_(id_values)).scalar_subquery()))
    else:
        query = select(table).where(id_expr.in_(id_values))
    rows = conn.execute(query).mappings().all()
    structural = set(target.key) | set(target.identity) | {c.name for c in table.columns if not c.nullable}
    structural |= {fk.parent.name for fk in table.foreign_keys}
    records = []
    for row in rows:
        kept = structural | written.get(tuple(row[c] for c in target.identity), set())
        records.append({c.name: (row[c.name] if c.name in kept else None) for c in table.columns})
    return pd.DataFrame(records, columns=[c.name for c in table.columns], dtype=object)


def fk_columns(target: TargetTable, dialect: str) -> list[tuple[str, Any]]:
    """(column, referenced column) of each single-column foreign key the database may not enforce:
    checked per batch. PostgreSQL enforces every declared one; SQLite only with `PRAGMA
    foreign_keys=ON`, a setting of each connection, which a target database need not have."""
    if dialect == "postgresql":
        return []
    return [(fk.column_keys[0], fk.elements[0].column) for fk in target.table.foreign_key_constraints
            if len(fk.column_keys) == 1]


def fk_parameters(conn: Connection, target: TargetTable, frame: pd.DataFrame) -> dict[str, list[Any]]:
    """The suite parameters of the foreign-key expectations: the values each foreign key of
    `frame` points at that exist in the parent table (one query per foreign key)."""
    parameters: dict[str, list[Any]] = {}
    for column, ref in fk_columns(target, conn.dialect.name):
        referenced = {v for v in frame[column] if v is not None and not pd.isna(v)}
        present = [r[0] for r in conn.execute(select(ref).where(ref.in_(referenced)))] if referenced else []
        parameters[f"text2db_fk_{column}"] = present or [None]
    return parameters


def expectations(conn: Connection, target: TargetTable, tplan: TablePlan | None, frame: pd.DataFrame,
                 cache: PlanCache | None = None) -> list[Any]:
    """The table's expectations. Only the foreign keys' value sets depend on the batch; they
    are `$PARAMETER`s (fk_parameters), so one suite serves every batch of a plan version."""
    import great_expectations.expectations as gxe

    table = target.table
    found: list[Any] = []
    # What the database enforces itself is not asked of GX again: a reflected NOT NULL, a natural
    # key under a unique constraint or index, a foreign key on PostgreSQL. Its refusal already
    # fails the batch (IntegrityViolation, terminal), and each expectation costs GX 2-3 ms a batch.
    if not target.unique_key:  # only the check can catch a duplicate
        if len(target.key) == 1:
            found.append(gxe.ExpectColumnValuesToBeUnique(column=target.key[0]))
        else:
            found.append(gxe.ExpectCompoundColumnsToBeUnique(column_list=list(target.key)))
    planned = {c.name: c for c in tplan.columns} if tplan else {}
    for name, colplan in planned.items():
        if name not in table.c or colplan.link is not None:
            continue
        fmt = colplan.format
        if fmt.kind == "date" and python_type(table.c[name]) is str:
            found.append(gxe.ExpectColumnValuesToMatchRegex(column=name, regex=strftime_regex(fmt.pattern or "%Y-%m-%d")))
        elif colplan.labels and not colplan.labels_open:  # an open set admits labels its rows have not shown
            if templated := labels_regex(colplan.labels):  # "5 out of 5" admits "1 out of 5"
                found.append(gxe.ExpectColumnValuesToMatchRegex(column=name, regex=templated))
            else:
                found.append(gxe.ExpectColumnValuesToBeInSet(column=name, value_set=list(colplan.labels)))
        elif fmt.kind == "year" and python_type(table.c[name]) is int:
            slot = (table.name, name)
            if cache is not None and slot in cache.ranges:
                low, high = cache.ranges[slot]
            else:  # a min/max scan of the column: once per plan version
                low, high = existing_range(conn, target, name, frame)
                if cache is not None:
                    cache.ranges[slot] = (low, high)
            found.append(gxe.ExpectColumnValuesToBeBetween(column=name, min_value=min(1, low if low is not None else 1),
                                                           max_value=max(date.today().year + 5, high or 0)))
        elif fmt.kind == "text" and python_type(table.c[name]) is str:
            slot = (table.name, name)
            if cache is not None and slot in cache.learned:
                regex = cache.learned[slot]
            else:
                regex = learned_format(conn, target, name, frame)
                if cache is not None:
                    cache.learned[slot] = regex
            if regex:
                found.append(gxe.ExpectColumnValuesToMatchRegex(column=name, regex=regex))
    for column, _ in fk_columns(target, conn.dialect.name):
        found.append(gxe.ExpectColumnValuesToBeInSet(column=column, value_set={"$PARAMETER": f"text2db_fk_{column}"}))
    return found


def existing_range(conn: Connection, target: TargetTable, column: str, frame: pd.DataFrame) -> tuple[Any, Any]:
    """(min, max) of the column over the rows outside the batch: the range its data allows."""
    col, ident = target.table.c[column], target.table.c[target.identity[0]]
    query = select(func.min(col), func.max(col))
    if len(target.identity) == 1 and len(frame):
        query = query.where(ident.not_in([v for v in frame[ident.name] if v is not None]))
    low, high = conn.execute(query).one()
    return low, high


def learned_format(conn: Connection, target: TargetTable, column: str, frame: pd.DataFrame) -> str | None:
    """A regex every existing value (at least 3, outside the batch) of `column` matches."""
    col = target.table.c[column]
    existing = [str(v) for (v,) in conn.execute(select(col).where(col.is_not(None)).limit(200))]
    written = {str(v) for v in frame[column] if v is not None and not pd.isna(v)}
    existing = [v for v in existing if v not in written]
    if len(existing) < 3:
        return None
    for regex in LEARNABLE.values():
        if all(re.match(regex, v) for v in existing):
            return regex
    return None


def table_suite(conn: Connection, target: TargetTable, tplan: TablePlan | None, frame: pd.DataFrame,
                cache: PlanCache | None = None) -> Any:
    """The table's GX suite, built once per plan version when `cache` is given (building the
    expectations and the suite anew cost about 15 ms a batch)."""
    import great_expectations as gx

    name = target.table.name
    if cache is not None and name in cache.suites:
        return cache.suites[name]
    _batch_definition()  # also makes the ephemeral context current for suites
    suite = gx.ExpectationSuite(name=f"text2db-{name}-{uuid.uuid4().hex[:8]}")
    for expectation in expectations(conn, target, tplan, frame, cache):
        suite.add_expectation(expectation)
    if cache is not None:
        cache.suites[name] = suite
    return suite


def validate_frame(conn: Connection, target: TargetTable, tplan: TablePlan | None, frame: pd.DataFrame,
                   cache: PlanCache | None = None, result_format: str = "SUMMARY") -> Any:
    """Run the table's derived expectations on `frame` in one GX call; the validation result
    (all results). BOOLEAN_ONLY skips GX's unexpected-value lists: about half the time of SUMMARY.

    The validator is the one `ValidationDefinition.run` uses, without run() storing every
    result in the context; `Batch.validate` would build the batch (and hash the frame) twice."""
    from great_expectations.validator.v1_validator import Validator

    suite = table_suite(conn, target, tplan, frame, cache)
    parameters = fk_parameters(conn, target, frame)
    with _gx_lock:
        validator = Validator(batch_definition=_batch_definition(), batch_parameters={"dataframe": frame},
                              result_format=result_format)
        return validator.validate_expectation_suite(suite, parameters)


def table_frame(conn: Connection, target: TargetTable) -> pd.DataFrame:
    """Every row of the table: what `validate_tables` checks (a batch checks `batch_frame`)."""
    rows = conn.execute(select(target.table)).mappings().all()
    return pd.DataFrame([dict(r) for r in rows], columns=[c.name for c in target.table.columns], dtype=object)


def validate_tables(engine: Engine, plan: Plan) -> list[dict[str, Any]]:
    """The expectations a batch is checked against, run on each planned table as a whole: one
    dict per expectation, successes included (the data_quality task stores them all)."""
    results: list[dict[str, Any]] = []
    with engine.connect() as conn:
        for tplan in plan.tables:
            target = reflect(conn, tplan.table, list(tplan.key))
            frame = table_frame(conn, target)
            for r in validate_frame(conn, target, tplan, frame).results:
                cfg, detail = r.expectation_config, (r.result or {})
                results.append({
                    "table": tplan.table,
                    "expectation": cfg.type,
                    "column": cfg.kwargs.get("column") or cfg.kwargs.get("column_list"),
                    "success": bool(r.success),
                    "rows": len(frame),
                    "unexpected_count": detail.get("unexpected_count", 0),
                    "unexpected": [str(v) for v in detail.get("partial_unexpected_list", [])[:10]],
                })
    return results


def validate_batch(conn: Connection, plan: Plan, touched: dict[str, dict[Ident, set[str]]],
                   targets: dict[str, TargetTable] | None = None, cache: PlanCache | None = None) -> None:
    """Raise ChecksFailed listing every failing expectation of the batch's rows. `cache` keeps
    the ranges and learned formats of the existing data, and the suites, for the plan version."""
    failures: list[dict[str, object]] = []
    cache = PlanCache() if cache is None else cache  # one suite per table even for a caller without one
    for name, written in touched.items():
        if not written:
            continue
        tplan = next((t for t in plan.tables if t.table == name), None)
        target = (targets or {}).get(name) or reflect(conn, name, tplan.key if tplan else [])
        frame = batch_frame(conn, target, written)
        if not table_suite(conn, target, tplan, frame, cache).expectations:
            continue  # the database enforces all there is to check of this table
        result = validate_frame(conn, target, tplan, frame, cache, "BOOLEAN_ONLY")  # pass or fail, fast
        if result.success:
            continue
        result = validate_frame(conn, target, tplan, frame, cache)  # a failure (rare): again, for the unexpected values
        for r in result.results:
            if not r.success:
                cfg = r.expectation_config
                failures.append({"table": name, "expectation": cfg.type, "kwargs": {k: v for k, v in cfg.kwargs.items() if k != "batch_id"},
                                 "unexpected": [str(v) for v in (r.result or {}).get("partial_unexpected_list", [])[:10]]})
    if failures:
        summary = "; ".join(f"{f['table']}: {f['expectation']} {f['kwargs'].get('column', '')} {f['unexpected']}" for f in failures)  # type: ignore[union-attr]
        raise ChecksFailed(f"batch failed {len(failures)} expectation(s): {summary}", failures)
