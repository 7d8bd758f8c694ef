"""compile_plan and data_quality under dag.test() on real target databases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from text2db.planner.store import load_plan

pytestmark = pytest.mark.slow

PEOPLE = "CREATE TABLE people (id INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL UNIQUE, city VARCHAR(80){extra})"
ROWS = "INSERT INTO people (id, name, city{cols}) VALUES (1, 'Ada Lovelace', 'London'{a}), (2, 'Alan Turing', NULL{b}), " \
       "(3, 'Grace Hopper', 'New York City'{c})"


def _people(url: str, badge: bool = False) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(PEOPLE.format(extra=", badge VARCHAR(20) NOT NULL" if badge else "")))
        if badge:
            conn.execute(text(ROWS.format(cols=", badge", a=", 'A1'", b=", 'B2'", c=", 'C3'")))
        else:
            conn.execute(text(ROWS.format(cols="", a="", b="", c="")))
    engine.dispose()


def _task_runs(url: str, task: str) -> list[Any]:
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(text("select success, result_json from text2db_task_runs where task = :t order by id"), {"t": task}).all()
    engine.dispose()
    return [(bool(r.success), json.loads(r.result_json)) for r in rows]


def _target(url: str) -> dict[str, Any]:
    if url.startswith("sqlite"):
        return {"conn_type": "sqlite", "host": url.removeprefix("sqlite:///")}
    return {"conn_type": "generic", "extra": {"sqlalchemy_url": url}}


def test_compile_plan_stores_a_version_or_fails_with_the_report(tmp_path: Path, pg_url: str, run_dag: Any) -> None:
    good = pg_url  # the target connection can be PostgreSQL ...
    bad = f"sqlite:///{tmp_path / 'bad.sqlite'}"  # ... or SQLite
    _people(good)
    _people(bad, badge=True)
    conf = {"job": "people", "instruction": "Fill in the missing city of the people table.", "use_llm": False}

    ok = run_dag("compile_plan", conf, connections={"text2db_target": _target(good)})
    again = run_dag("compile_plan", conf, connections={"text2db_target": _target(good)})

    assert ok.state == "success", ok.tasks
    assert ok.xcom["observe"]["tables"]["people"]["rows"] == 3
    assert ok.xcom["plan"]["version"] == 1 and again.xcom["plan"]["version"] == 2
    assert ok.xcom["plan"]["tables"] == {"people": ["name", "city"]}  # the key column, then the one to fill
    engine = create_engine(good)
    assert load_plan(engine, "people").version == 2
    engine.dispose()

    rejected = run_dag("compile_plan", conf, connections={"text2db_target": _target(bad)})
    assert rejected.state == "failed" and rejected.tasks == {"observe": "success", "plan": "failed"}
    [(success, result)] = _task_runs(bad, "compile_plan")
    assert not success and result["error_class"] == "PlanRejected"
    assert [i["code"] for i in result["report"]["issues"] if i["severity"] == "error"] == ["not_null_uncovered"]


def test_data_quality_passes_then_fails_on_a_duplicate_key(tmp_path: Path, run_dag: Any) -> None:
    from text2db.planner.store import save_plan
    from text2db.schemas.plan import ColumnPlan, Plan, TablePlan

    url = f"sqlite:///{tmp_path / 'target.sqlite'}"
    engine = create_engine(url)
    with engine.begin() as conn:  # no UNIQUE constraint: only the check can catch a duplicate
        conn.execute(text("CREATE TABLE films (title VARCHAR(200), genre VARCHAR(40))"))
        conn.execute(text("INSERT INTO films VALUES ('Heat', 'thriller'), ('Up', 'comedy')"))
    save_plan(engine, Plan(job="films", instruction="fill genres", planner="test", tables=[TablePlan(
        table="films", operation="data_infilling", entity="film", key=["title"],
        columns=[ColumnPlan(name="genre", tool="classification", question="genre", labels=["thriller", "comedy"])])]))
    airflow = {"connections": {"text2db_target": _target(url)}, "variables": {"text2db_job": "films"}}

    passed = run_dag("data_quality", {}, **airflow)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO films VALUES ('Heat', 'western')"))
    failed = run_dag("data_quality", {"job": "films"}, **airflow)
    engine.dispose()

    assert passed.state == "success", passed.tasks
    assert passed.xcom["check"] == {"job": "films", "plan_version": 1, "checked": 2, "failed": 0}
    assert failed.state == "failed"
    runs = _task_runs(url, "data_quality")
    assert [success for success, _ in runs] == [True, False]
    failures = {(r["expectation"], r["column"]): r["unexpected"] for r in runs[1][1]["results"] if not r["success"]}
    assert failures == {
        ("expect_column_values_to_be_unique", "title"): ["Heat", "Heat"],
        ("expect_column_values_to_be_in_set", "genre"): ["western"],
    }
