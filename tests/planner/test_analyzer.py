"""Analyzer: static checks on deliberately broken plans, and the rolled-back simulation
through the real integrator on SQLite and PostgreSQL."""

from __future__ import annotations

import sys
import uuid

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import Engine

from text2db.planner.analyzer import analyze
from text2db.planner.api import make_plan
from text2db.planner.exceptions import PlanRejected
from text2db.planner.observer import observe
from text2db.planner.rules import plan_with_rules
from text2db.schemas.plan import Plan

from .conftest import build_movies

FILMS = "Add the films described in the articles, with their director, genre and release year."


def _edit(plan: Plan, table: str, **changes) -> Plan:
    data = plan.model_dump(by_alias=True)
    for t in data["tables"]:
        if t["table"] == table:
            t.update(changes)
    return Plan.model_validate(data)


def _codes(report) -> set[str]:
    return {i.code for i in report.errors}


def _column(plan: Plan, table: str, name: str) -> dict:
    return plan.table(table).column(name).model_dump()


def test_good_plan_passes_and_simulation_reproduces_held_out_values(movies_engine: Engine) -> None:
    obs = observe(movies_engine)
    plan = plan_with_rules(FILMS, obs, "j").plan
    report = analyze(plan, obs, movies_engine)
    assert report.passed and "simulation" in report.checks
    sim = report.simulation
    assert sim.status == "passed" and sim.cells_checked >= 3 and sim.cells_matched == sim.cells_checked
    assert sim.rows_reinserted == 1  # one whole film went through the insert path (director linked by name)
    with movies_engine.connect() as conn:  # rolled back: every held-out value is still there
        assert conn.execute(text("SELECT count(*) FROM films")).scalar() == 30
        assert conn.execute(text("SELECT count(*) FROM films WHERE released IS NULL")).scalar() == 0
        assert conn.execute(text("SELECT count(*) FROM films WHERE director_id IS NULL")).scalar() == 6


def test_unknown_identifiers_are_errors(movies_engine: Engine) -> None:
    obs = observe(movies_engine)
    plan = plan_with_rules(FILMS, obs, "j").plan
    bogus = dict(_column(plan, "films", "genre"), name="films; DROP TABLE films")
    broken = _edit(plan, "films", columns=[*(c.model_dump() for c in plan.table("films").columns), bogus],
                   key=["nonexistent"])
    assert {"unknown_column", "unknown_key"} <= _codes(analyze(broken, obs))
    renamed = Plan.model_validate({**plan.model_dump(by_alias=True),
                                   "tables": [dict(t.model_dump(), table="films2") for t in plan.tables[1:]]})
    assert "unknown_table" in _codes(analyze(renamed, obs))


def test_type_mismatch_and_generated_columns(movies_engine: Engine) -> None:
    obs = observe(movies_engine)
    plan = plan_with_rules(FILMS, obs, "j").plan
    cols = [c.model_dump() for c in plan.table("films").columns]
    for c in cols:
        if c["name"] == "released":
            c.update(value_type="date", format={"kind": "date", "pattern": "%Y-%m-%d"})
    cols.append(dict(_column(plan, "films", "genre"), name="id"))
    report = analyze(_edit(plan, "films", columns=cols), obs)
    assert {"type_mismatch", "generated_column"} <= _codes(report)


def test_not_null_columns_must_be_covered_for_inserted_rows(db_engine: Engine) -> None:
    with db_engine.begin() as conn:
        conn.execute(text("CREATE TABLE staff (id INTEGER PRIMARY KEY, name VARCHAR(80) NOT NULL UNIQUE, "
                          "team VARCHAR(40) NOT NULL, city VARCHAR(40))"))
        conn.execute(text("INSERT INTO staff VALUES (1, 'Ann Lee', 'red', NULL)"))
    obs = observe(db_engine)
    plan = plan_with_rules("add the staff described, with their city", obs, "j").plan
    report = analyze(plan, obs)
    assert [i.column for i in report.errors if i.code == "not_null_uncovered"] == ["team"]
    assert analyze(_edit(plan, "staff", only_existing_rows=True), obs).passed
    revised = make_plan(db_engine, "add the staff described, with their city", "j", llm=False)
    assert revised.report.revisions == 1 and {c.name for c in revised.plan.tables[0].columns} == {"name", "city", "team"}
    with pytest.raises(PlanRejected) as info:
        make_plan(db_engine, "add the staff described, with their city", "j", llm=False, max_revisions=0)
    assert [i.code for i in info.value.report.errors] == ["not_null_uncovered"]


def test_a_text_primary_key_is_planned_for_inserted_rows_and_never_held_out(db_engine: Engine) -> None:
    """books matched on title, identified by isbn: a new book needs its ISBN (SQLite reports a
    TEXT PRIMARY KEY as nullable), and the simulation does not empty a row's identity."""
    with db_engine.begin() as conn:
        conn.execute(text("CREATE TABLE books (isbn VARCHAR(20) PRIMARY KEY, title TEXT NOT NULL, author TEXT)"))
        conn.execute(text("INSERT INTO books VALUES ('9780143127550', 'Everything I Never Told You', 'Celeste Ng'), "
                          "('9780385545969', 'The Overstory', NULL)"))
    result = make_plan(db_engine, "add the books the articles describe, with their author", "j", llm=False)
    assert {c.name for c in result.plan.tables[0].columns} == {"title", "author", "isbn"}
    assert result.report.simulation is not None and result.report.simulation.status == "passed", result.report


def test_parents_must_precede_children_and_links_are_required(movies_engine: Engine) -> None:
    obs = observe(movies_engine)
    plan = plan_with_rules(FILMS, obs, "j").plan
    swapped = Plan.model_validate({**plan.model_dump(by_alias=True), "tables": [t.model_dump() for t in plan.tables[::-1]]})
    assert "parent_after_child" in _codes(analyze(swapped, obs))
    cols = [dict(c.model_dump(), link=None) if c.name == "director_id" else c.model_dump() for c in plan.table("films").columns]
    assert "link_missing" in _codes(analyze(_edit(plan, "films", columns=cols), obs))


def test_new_column_checks(movies_engine: Engine) -> None:
    obs = observe(movies_engine)
    plan = plan_with_rules('Add a new column "genre" to the films table', obs, "j").plan  # exists: infilling
    assert plan.tables[-1].operation == "data_infilling"
    added = plan_with_rules('Add a new column "budget" to the films table, as a number', obs, "j").plan
    clash = [dict(c.model_dump(), name="genre") if c.new else c.model_dump() for c in added.table("films").columns]
    report = analyze(_edit(added, "films", columns=clash), obs)
    assert "new_column_exists" in _codes(report)
    outside = _edit(added, "films", operation="row_population")
    assert "new_column_outside_addition" in _codes(analyze(outside, obs))


def test_simulation_detects_a_format_that_does_not_reproduce_the_table(movies_engine: Engine) -> None:
    obs = observe(movies_engine)
    plan = plan_with_rules("fill in the missing born date of the directors", obs, "j").plan
    assert plan.table("directors").column("born").format.pattern == "%-d %B %Y"  # "4 August 1983": days unpadded
    cols = [dict(c.model_dump(), format={"kind": "date", "pattern": "%Y-%m-%d"}) if c.name == "born" else c.model_dump()
            for c in plan.table("directors").columns]
    report = analyze(_edit(plan, "directors", columns=cols), obs, movies_engine)
    assert report.passed and report.simulation.status == "mismatches"
    assert {i.column for i in report.mismatches} == {"born"}


def test_column_addition_simulation_is_rolled_back(db_engine: Engine) -> None:
    with db_engine.begin() as conn:
        conn.execute(text("CREATE TABLE person (id INTEGER PRIMARY KEY, name VARCHAR(80) NOT NULL UNIQUE)"))
        conn.execute(text("INSERT INTO person VALUES (1, 'Ann Lee'), (2, 'Bo Kim')"))
    obs = observe(db_engine)
    plan = plan_with_rules('Add a new column "death" to the person table: the date of death, written as an ISO date '
                           "YYYY-MM-DD.", obs, "j").plan
    report = analyze(plan, obs, db_engine)
    assert report.simulation.status == "passed" and report.simulation.cells_checked == 1
    assert [c["name"] for c in inspect(db_engine).get_columns("person")] == ["id", "name"]
    assert not [t for t in inspect(db_engine).get_table_names() if t.startswith("text2db_")]


def test_simulation_skipped_when_integrator_unavailable(movies_engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "text2db.integrators.pipeline", None)  # import now raises ImportError
    obs = observe(movies_engine)
    report = analyze(plan_with_rules(FILMS, obs, "j").plan, obs, movies_engine)
    assert report.passed and report.simulation.status == "skipped"
    assert report.simulation.reason.startswith("skipped: integrator unavailable")



def test_read_only_credentials_still_get_a_statically_checked_plan(pg_url: str, pg_admin: Engine) -> None:
    owner = create_engine(pg_url)
    build_movies(owner)
    role = f"t2d_ro_{uuid.uuid4().hex[:8]}"
    with pg_admin.connect() as conn:
        conn.execute(text(f'CREATE ROLE "{role}" LOGIN'))
    with owner.begin() as conn:
        conn.execute(text(f'GRANT SELECT ON ALL TABLES IN SCHEMA public TO "{role}"'))
    reader = create_engine(pg_url.replace("postgres@", f"{role}@"))
    try:
        result = make_plan(reader, FILMS, "j", llm=False)
        assert result.report.passed and result.report.simulation.status == "failed"
        assert any(i.code == "simulation_failed" for i in result.report.issues)
    finally:
        reader.dispose()
        with owner.begin() as conn:
            conn.execute(text(f'DROP OWNED BY "{role}"'))
        owner.dispose()
        with pg_admin.connect() as conn:
            conn.execute(text(f'DROP ROLE "{role}"'))
