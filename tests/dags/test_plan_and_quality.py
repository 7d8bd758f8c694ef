"""compile_plan and data_quality under dag.test() on real target databases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from text2db.planner.store import PlanNotFound, load_plan

pytestmark = pytest.mark.slow

PEOPLE = "CREATE TABLE people (id INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL UNIQUE, city VARCHAR(80))"
ROWS = "INSERT INTO people (id, name, city) VALUES (1, 'Ada Lovelace', 'London'), (2, 'Alan Turing', NULL), " \
       "(3, 'Grace Hopper', 'New York City')"


def _people(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(PEOPLE))
        conn.execute(text(ROWS))
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


def test_compile_plan_stores_a_version_or_fails_with_the_reason(tmp_path: Path, pg_url: str, run_dag: Any) -> None:
    good = pg_url  # the target connection can be PostgreSQL ...
    other = f"sqlite:///{tmp_path / 'other.sqlite'}"  # ... or SQLite
    _people(good)
    _people(other)
    conf = {"job": "people", "instruction": "Fill in the missing city of the people table.", "use_llm": False}

    ok = run_dag("compile_plan", conf, connections={"text2db_target": _target(good)})
    again = run_dag("compile_plan", conf, connections={"text2db_target": _target(good)})

    assert ok.state == "success", ok.tasks
    assert ok.xcom["observe"]["tables"]["people"]["rows"] == 3
    assert ok.xcom["plan"]["version"] == 1 and again.xcom["plan"]["version"] == 2
    assert "city" in ok.xcom["plan"]["tables"]["people"]
    engine = create_engine(good)
    assert load_plan(engine, "people").version == 2
    engine.dispose()
    [(success, stored)] = _task_runs(good, "compile_plan")[:1]
    assert success and stored["report"]["simulation"]["status"] == ok.xcom["plan"]["simulation"]

    # Nothing the instruction asks for exists: the planner refuses (Terminal), no plan is stored.
    unknown = conf | {"instruction": "Fill in the missing shoe size of the people table."}
    refused = run_dag("compile_plan", unknown, connections={"text2db_target": _target(other)})
    assert refused.state == "failed"
    assert refused.tasks == {"design": "success", "observe": "success", "plan": "failed"}  # design: no-op, tables exist
    [(success, result)] = _task_runs(other, "compile_plan")
    assert not success and result["error_class"] == "PlanningFailed" and "shoe size" in result["error"]
    engine = create_engine(other)
    with pytest.raises(PlanNotFound):
        load_plan(engine, "people")
    engine.dispose()


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
