"""The planner on redocred-dev databases: expectations are computed from each instance (its
instruction, input and gold output), never written per instance."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from text2db.planner.api import make_plan

from .conftest import BENCH_SAMPLE, copy_sqlite_to

TASKS = {"row population": "row_population", "data infilling": "data_infilling", "column addition": "column_addition"}


def _columns(path, table: str) -> list[str]:
    con = sqlite3.connect(path)
    try:
        return [r[1] for r in con.execute(f'PRAGMA table_info("{table}")')]
    finally:
        con.close()


def _with_nulls(path, table: str, columns: list[str]) -> list[str]:
    con = sqlite3.connect(path)
    try:
        return [c for c in columns if con.execute(f'SELECT count(*) FROM "{table}" WHERE "{c}" IS NULL').fetchone()[0]]
    finally:
        con.close()


def _keys(path, table: str, key: str) -> set[str]:
    con = sqlite3.connect(path)
    try:
        return {r[0] for r in con.execute(f'SELECT "{key}" FROM "{table}"')}
    finally:
        con.close()


@pytest.mark.parametrize("name", BENCH_SAMPLE)
def test_plan_matches_what_the_instance_asks(name: str, bench_dir, instance_copy, measure) -> None:
    instance = bench_dir / name
    data = json.loads((instance / "data.json").read_text())[0]
    meta = json.loads((instance / "meta.json").read_text())
    table, natural_key = next(iter(meta["natural_keys"].items()))
    _, gold_columns = measure.gold_delta_columns(instance)

    result = make_plan(instance_copy(name), data["instruction"], f"bench-{name}", llm=False)

    target = result.plan.tables[-1]
    assert (target.table, target.key, target.operation) == (table, [natural_key], TASKS[data["task_type"]])
    gold_adds_rows = bool(_keys(instance / "output.sqlite", table, natural_key) - _keys(instance / "input.sqlite", table, natural_key))
    assert target.only_existing_rows == (not gold_adds_rows) and target.require_facts
    planned = [c.name for c in target.columns if c.tool != "key"]
    input_columns = _columns(instance / "input.sqlite", table)
    if target.operation == "column_addition":
        added = [c for c in _columns(instance / "output.sqlite", table) if c not in input_columns]
        assert planned == added and target.column(added[0]).new is not None
        con = sqlite3.connect(instance / "output.sqlite")
        values = [v for (v,) in con.execute(f'SELECT "{added[0]}" FROM "{table}" WHERE "{added[0]}" IS NOT NULL')]
        con.close()
        column = target.column(added[0])
        if values and all(isinstance(v, int) for v in values):
            assert column.value_type == "year" and column.new.sql_type == "INTEGER"
        elif values and all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(v)) for v in values):
            assert column.format.pattern == "%Y-%m-%d"
    else:
        assert gold_columns <= set(planned) <= set(input_columns) - {"id", natural_key}
        if "empty cells" in data["instruction"]:
            fillable = [c for c in input_columns if c not in ("id", natural_key)]
            assert planned == _with_nulls(instance / "input.sqlite", table, fillable)
    assert result.report.passed and not result.report.mismatches, result.report.issues
    assert result.report.simulation.status in ("passed", "skipped")


def test_same_plan_on_postgresql(bench_dir, instance_copy, pg_engine) -> None:
    name = "redocred_dev_102_rp"
    instruction = json.loads((bench_dir / name / "data.json").read_text())[0]["instruction"]
    copy_sqlite_to(bench_dir / name / "input.sqlite", pg_engine)
    on_sqlite = make_plan(instance_copy(name), instruction, "j", llm=False)
    on_pg = make_plan(pg_engine, instruction, "j", llm=False)
    shape = lambda p: [(t.table, t.operation, t.key, [(c.name, c.value_type, c.format.kind, c.format.pattern)
                                                      for c in t.columns]) for t in p.tables]  # noqa: E731
    assert shape(on_pg.plan) == shape(on_sqlite.plan)
    assert on_pg.report.simulation.status == "passed" and on_pg.report.simulation.cells_checked > 0
