"""Fixtures of the integrator tests: a single-table schema shaped like the benchmark's
(person: id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE) and a foreign-key schema
(films.director_id -> directors.id), created on SQLite and PostgreSQL alike."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

from text2db.config import Settings
from text2db.schemas.events import CandidateRow, Cell, Evidence, ExtractionEvent
from text2db.schemas.plan import ColumnPlan, ForeignKeyLink, Plan, TablePlan, ValueFormat


def pk_column(engine: Engine) -> str:
    return "id SERIAL PRIMARY KEY" if engine.dialect.name == "postgresql" else "id INTEGER PRIMARY KEY"


@pytest.fixture
def person_db(db_engine: Engine) -> Engine:
    with db_engine.begin() as conn:
        conn.execute(text(
            f"CREATE TABLE person ({pk_column(db_engine)}, name TEXT NOT NULL UNIQUE, birth TEXT, "
            "birth_place TEXT, citizenship TEXT, founded INTEGER)"
        ))
        conn.execute(text(
            "INSERT INTO person (name, birth, birth_place, citizenship) VALUES "
            "('Taio Cruz', NULL, NULL, 'United Kingdom'), ('Matthew Scott Porter', '1979-07-14', NULL, 'United States'), "
            "('Marie Faure-Favier', NULL, NULL, NULL)"
        ))
    return db_engine


@pytest.fixture
def films_db(db_engine: Engine) -> Engine:
    pk = pk_column(db_engine)
    with db_engine.begin() as conn:
        conn.execute(text(f"CREATE TABLE directors ({pk}, name TEXT NOT NULL UNIQUE, country TEXT)"))
        conn.execute(text(
            f"CREATE TABLE films ({pk}, title TEXT NOT NULL UNIQUE, released INTEGER, "
            "director_id INTEGER REFERENCES directors(id))"
        ))
        conn.execute(text("INSERT INTO directors (name, country) VALUES ('Valerio Zurlini', 'Italy')"))
        conn.execute(text("INSERT INTO films (title, released) VALUES ('La prima notte di quiete', NULL)"))
    return db_engine


def unenforced_films_db(path: Path) -> Engine:
    """The films -> directors schema in a SQLite file, which does not enforce foreign keys by
    default: a test can store an orphan row that the integrator's checks must catch."""
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE directors (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, country TEXT)"))
        conn.execute(text("CREATE TABLE films (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, released INTEGER, "
                          "director_id INTEGER REFERENCES directors(id))"))
    return engine


def person_plan(operation: str = "row_population", **table_options: object) -> Plan:
    columns = [
        ColumnPlan(name="name", tool="key", question="name of the person"),
        ColumnPlan(name="birth", tool="attribute", question="date of birth", value_type="date",
                   format=ValueFormat(kind="date", pattern="%Y-%m-%d")),
        ColumnPlan(name="birth_place", tool="attribute", question="place of birth"),
        ColumnPlan(name="citizenship", tool="attribute", question="country of citizenship",
                   format=ValueFormat(kind="country", style="common_name")),
    ]
    return Plan(job="people", instruction="add people", planner="test", tables=[
        TablePlan(table="person", operation=operation, entity="person", key=["name"], columns=columns, **table_options)
    ])


def films_plan(on_missing: str = "create") -> Plan:
    return Plan(job="films", instruction="add films and their directors", planner="test", tables=[
        TablePlan(table="directors", operation="row_population", entity="director", key=["name"], require_facts=False,
                  columns=[ColumnPlan(name="name", tool="key", question="director name"),
                           ColumnPlan(name="country", tool="attribute", question="country",
                                      format=ValueFormat(kind="country"))]),
        TablePlan(table="films", operation="row_population", entity="film", key=["title"], columns=[
            ColumnPlan(name="title", tool="key", question="film title"),
            ColumnPlan(name="released", tool="attribute", question="release year", value_type="year",
                       format=ValueFormat(kind="year")),
            ColumnPlan(name="director_id", tool="relation", question="director of the film",
                       link=ForeignKeyLink(table="directors", column="id", match_on="name", on_missing=on_missing)),
        ]),
    ])


def cell(column: str, value: object, confidence: float = 0.9, text_: str | None = None) -> Cell:
    quote = str(value)
    return Cell(column=column, value=value, confidence=confidence, tool="test.tool.v1", model="test-model",
                evidence=Evidence(start=0, end=len(quote), quote=quote))


EventFactory = Callable[..., ExtractionEvent]


@pytest.fixture
def make_event() -> EventFactory:
    def make(job: str, table: str, key: dict[str, object], cells: dict[str, object] | None = None,
             document_id: str = "doc-1", confidence: float = 0.9, plan_version: int = 1) -> ExtractionEvent:
        row = CandidateRow(table=table, key=[cell(k, v) for k, v in key.items()],
                           cells=[cell(k, v, confidence) for k, v in (cells or {}).items()])
        return ExtractionEvent(job=job, document_id=document_id, plan_version=plan_version, rows=[row])

    return make


@pytest.fixture
def settings() -> Settings:
    return Settings(review_threshold=0.5)
