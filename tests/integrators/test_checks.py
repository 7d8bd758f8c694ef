"""Integrity checks before commit (Great Expectations on the batch's rows, read through the
batch's own connection) and the error taxonomy: a failing batch is rolled back whole."""

from __future__ import annotations

import pandas as pd
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

from tests.integrators.conftest import EventFactory, films_plan, person_plan, unenforced_films_db
from text2db.config import Settings
from text2db.errors import is_retryable
from text2db.integrators.checks import expectations, strftime_regex, validate_batch
from text2db.integrators.exceptions import ChecksFailed, DatabaseUnavailable, IntegrityViolation
from text2db.integrators.pipeline import build_integrator
from text2db.integrators.upsert import reflect
from text2db.schemas.plan import ColumnPlan, Plan, TablePlan


def count(engine: Engine, sql: str) -> object:
    with engine.connect() as conn:
        return conn.execute(text(sql)).scalar()


def raw_birth_plan() -> Plan:
    """A plan that forgot the date format: it would write dates as the text says."""
    return Plan(job="people", instruction="add people", planner="test", tables=[TablePlan(
        table="person", operation="row_population", entity="person", key=["name"], columns=[
            ColumnPlan(name="name", tool="key", question="name"),
            ColumnPlan(name="birth", tool="attribute", question="date of birth")])])


def test_a_batch_breaking_an_expectation_is_rolled_back_whole(
        films_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    events = [make_event("films", "films", {"title": "Good Film"}, {"released": "1999"}, document_id="d1"),
              make_event("films", "films", {"title": "Future Film"}, {"released": "to be released in 3050"}, document_id="d2")]
    with pytest.raises(ChecksFailed) as failed:
        build_integrator(films_db, films_plan(), settings).apply(events)
    assert not is_retryable(failed.value)
    assert [(f["expectation"], f["unexpected"]) for f in failed.value.failures] == [
        ("expect_column_values_to_be_between", ["3050"])]
    assert count(films_db, "SELECT count(*) FROM films") == 1  # neither film was kept
    from sqlalchemy import inspect

    if inspect(films_db).has_table("text2db_lineage"):  # on PostgreSQL even its creation was rolled back
        assert count(films_db, "SELECT count(*) FROM text2db_lineage") == 0
    report = build_integrator(films_db, films_plan(), settings).apply(events[:1])
    assert report.table("films").rows_inserted == 1


def test_checks_see_the_batchs_uncommitted_rows_and_learn_formats_from_existing_data(person_db: Engine) -> None:
    with person_db.begin() as conn:
        conn.execute(text("INSERT INTO person (name, birth) VALUES ('A', '1901-01-01'), ('B', '1902-02-02')"))
    with person_db.connect() as conn:
        trans = conn.begin()
        conn.execute(text("INSERT INTO person (name, birth) VALUES ('Bad Row', '5 August 1997')"))
        ident = conn.execute(text("SELECT id FROM person WHERE name = 'Bad Row'")).scalar()
        with pytest.raises(ChecksFailed) as failed:
            validate_batch(conn, raw_birth_plan(), {"person": {(ident,): {"birth"}}})
        trans.rollback()
    assert failed.value.failures[0]["expectation"] == "expect_column_values_to_match_regex"
    assert failed.value.failures[0]["unexpected"] == ["5 August 1997"]


def test_checks_pass_on_a_normal_batch(person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    event = make_event("people", "person", {"name": "Amandeep Narayan Khare"},
                       {"birth": "5 August 1997", "citizenship": "Indian"})
    integrator = build_integrator(person_db, person_plan(), settings)
    assert integrator.apply([event]).table("person").rows_inserted == 1
    assert 0 < integrator.last_check_seconds < 10


def test_an_orphan_foreign_key_fails_the_check(tmp_path, make_event: EventFactory, settings: Settings) -> None:
    engine = unenforced_films_db(tmp_path / "fk.sqlite")
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO films (title, director_id) VALUES ('Orphan', 99)"))
    event = make_event("films", "films", {"title": "Orphan"}, {"released": "1999"})
    with pytest.raises(ChecksFailed, match="director_id"):
        build_integrator(engine, films_plan(), settings).apply([event])
    assert count(engine, "SELECT released FROM films") is None


def test_a_constraint_violation_is_terminal(db_engine: Engine, make_event: EventFactory, settings: Settings) -> None:
    with db_engine.begin() as conn:
        conn.execute(text("CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth TEXT, "
                          "birth_place TEXT, citizenship TEXT, code TEXT NOT NULL)"))
    if db_engine.dialect.name == "postgresql":
        with db_engine.begin() as conn:
            conn.execute(text("CREATE SEQUENCE person_id_seq OWNED BY person.id"))
            conn.execute(text("ALTER TABLE person ALTER COLUMN id SET DEFAULT nextval('person_id_seq')"))
    event = make_event("people", "person", {"name": "X"}, {"citizenship": "French"})
    with pytest.raises(IntegrityViolation) as failed:
        build_integrator(db_engine, person_plan(), settings).apply([event])
    assert not is_retryable(failed.value)


def test_an_unreachable_database_is_transient(make_event: EventFactory, settings: Settings) -> None:
    engine = create_engine("postgresql+psycopg://postgres@127.0.0.1:1/none", connect_args={"connect_timeout": 2})
    with pytest.raises(DatabaseUnavailable) as failed:
        build_integrator(engine, person_plan(), settings).apply([make_event("people", "person", {"name": "X"}, {"birth_place": "Y"})])
    assert is_retryable(failed.value)


def test_strftime_patterns_become_regexes() -> None:
    import re

    assert re.match(strftime_regex("%Y-%m-%d"), "1997-08-05")
    assert not re.match(strftime_regex("%Y-%m-%d"), "5 August 1997")
    assert re.match(strftime_regex("%d %B %Y"), "05 August 1997")


def test_an_old_odd_value_does_not_fail_a_batch_filling_another_cell(
        person_db: Engine, make_event: EventFactory, settings: Settings) -> None:
    with person_db.begin() as conn:
        conn.execute(text("UPDATE person SET birth = 'circa 1870' WHERE name = 'Marie Faure-Favier'"))
    event = make_event("people", "person", {"name": "Marie Faure-Favier"}, {"citizenship": "French"})
    report = build_integrator(person_db, person_plan("data_infilling"), settings).apply([event])
    assert report.table("person").cells_filled == 1
    bad = make_event("people", "person", {"name": "Taio Cruz"}, {"birth": "circa 1983"}, document_id="d2")
    assert build_integrator(person_db, person_plan("data_infilling"), settings).apply([bad]).review_items == 1


def test_a_numbered_label_set_admits_its_template_and_refuses_other_values(person_db: Engine) -> None:
    plan = Plan(job="people", instruction="add ratings", planner="test", tables=[TablePlan(
        table="person", operation="row_population", entity="person", key=["name"], columns=[
            ColumnPlan(name="name", tool="key", question="name"),
            ColumnPlan(name="birth_place", tool="classification", question="rating", labels=["5 out of 5", "average"])])])
    with person_db.connect() as conn:
        trans = conn.begin()
        conn.execute(text("INSERT INTO person (name, birth_place) VALUES ('Good', '1 out of 5'), ('Fine', 'average')"))
        good = [(i,) for (i,) in conn.execute(text("SELECT id FROM person WHERE name IN ('Good', 'Fine')"))]
        validate_batch(conn, plan, {"person": {ident: {"birth_place"} for ident in good}})  # passes
        conn.execute(text("INSERT INTO person (name, birth_place) VALUES ('Bad', '1 of 5')"))
        bad = conn.execute(text("SELECT id FROM person WHERE name = 'Bad'")).scalar()
        with pytest.raises(ChecksFailed) as failed:
            validate_batch(conn, plan, {"person": {(bad,): {"birth_place"}}})
        trans.rollback()
    assert failed.value.failures[0]["unexpected"] == ["1 of 5"]


def test_an_open_label_set_admits_a_value_its_rows_have_not_shown_and_a_closed_one_refuses_it(person_db: Engine) -> None:
    def plan(open_labels: bool, labels: tuple[str, ...] = ("cheap", "moderate")) -> Plan:
        return Plan(job="people", instruction="add price ranges", planner="test", tables=[TablePlan(
            table="person", operation="row_population", entity="person", key=["name"], columns=[
                ColumnPlan(name="name", tool="key", question="name"),
                ColumnPlan(name="birth_place", tool="classification", question="price range",
                           labels=list(labels), labels_open=open_labels)])])
    with person_db.connect() as conn:
        trans = conn.begin()
        conn.execute(text("INSERT INTO person (name, birth_place) VALUES ('Pricey', 'high')"))
        new = conn.execute(text("SELECT id FROM person WHERE name = 'Pricey'")).scalar()
        validate_batch(conn, plan(True), {"person": {(new,): {"birth_place"}}})  # passes
        validate_batch(conn, plan(True, ("less than £20", "moderate")), {"person": {(new,): {"birth_place"}}})  # no template either
        with pytest.raises(ChecksFailed) as failed:
            validate_batch(conn, plan(False), {"person": {(new,): {"birth_place"}}})
        trans.rollback()
    assert failed.value.failures[0]["unexpected"] == ["high"]


def test_the_suite_leaves_to_the_database_what_it_enforces(films_db: Engine) -> None:
    """A NOT NULL, a key under a UNIQUE constraint and, on PostgreSQL, a foreign key are the
    database's to refuse; a natural key without a unique constraint is the check's."""
    with films_db.begin() as conn:
        conn.execute(text("CREATE TABLE awards (name TEXT NOT NULL, year INTEGER)"))
    with films_db.connect() as conn:
        films = reflect(conn, "films", ["title"])
        film_checks = [type(e).__name__ for e in expectations(
            conn, films, films_plan().table("films"), pd.DataFrame(columns=[c.name for c in films.table.columns]))]
        awards = reflect(conn, "awards", ["name"])
        award_checks = [type(e).__name__ for e in expectations(conn, awards, None, pd.DataFrame(columns=["name", "year"]))]
    assert "ExpectColumnValuesToNotBeNull" not in film_checks + award_checks
    assert "ExpectColumnValuesToBeUnique" not in film_checks
    assert ("ExpectColumnValuesToBeInSet" in film_checks) == (films_db.dialect.name == "sqlite")  # films.director_id
    assert award_checks == ["ExpectColumnValuesToBeUnique"]
