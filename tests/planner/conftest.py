"""Planner fixtures: schemas built on the real SQLite/PostgreSQL targets, redocred-dev copies,
and the scripted OpenAI-compatible server."""

from __future__ import annotations

import importlib.util
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

HERE = Path(__file__).resolve().parent
BENCH = HERE.parents[2] / "shared" / "benchmarks" / "redocred-dev"
_NAMES = sorted(p.name for p in BENCH.iterdir() if p.is_dir()) if BENCH.is_dir() else []
# every 7th instance of each task type (row population, data infilling, column addition)
BENCH_SAMPLE = [n for suffix in ("_rp", "_di", "_ca") for n in [m for m in _NAMES if m.endswith(suffix)][::7]]


def _load(name: str, folder: Path = HERE):
    spec = importlib.util.spec_from_file_location(f"planner_tests_{name}", folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def fake_openai():
    """Builds the scripted server (tests/fake_openai.py); the planner's scripts repeat their last reply."""
    fake = _load("fake_openai", HERE.parent).FakeOpenAI

    def build(replies: list[object]):
        return fake(replies, repeat_last=True)

    build.FAIL = fake.FAIL  # type: ignore[attr-defined]
    return build


MOVIES_DDL = [
    "CREATE TABLE directors (id INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL UNIQUE, born VARCHAR(40), country VARCHAR(80))",
    "CREATE TABLE films (id INTEGER PRIMARY KEY, title VARCHAR(200) NOT NULL UNIQUE, released INTEGER, "
    "director_id INTEGER REFERENCES directors(id), genre VARCHAR(40), box_office REAL)",
    "CREATE TABLE actors (id INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL UNIQUE, birth_date VARCHAR(40), "
    "nationality VARCHAR(80))",
]
DIRECTORS = [("Christopher Nolan", "30 July 1970", "United Kingdom"), ("Greta Gerwig", "4 August 1983", "United States"),
             ("Bong Joon-ho", "14 September 1969", "South Korea"), ("Agnès Varda", "30 May 1928", "France")]
GENRES = ["drama", "comedy", "thriller"]
FILM_TITLES = ["Amber Harbour", "Broken Compass", "Cold Meridian", "Distant Thunder", "Echo Valley", "Fallen Orchard",
               "Glass Lantern", "Hollow Crown Road", "Iron Tide", "Jade Monsoon", "Kestrel Point", "Last Ember",
               "Midnight Quarry", "Northern Psalm", "Oak and Ash", "Paper Lions", "Quiet Riverbank", "Red Sparrow Inn",
               "Silver Causeway", "Twelve Lanterns", "Under Velvet Skies", "Violet Harvest", "Winter Cartographer",
               "Xenia's Garden", "Yellow Kite", "Zero Meridian Blues", "Autumn Cipher", "Brass Orchestra",
               "Copper Sunrise", "Dust and Devotion"]


def build_movies(engine: Engine) -> None:
    """directors <- films (director_id), actors; 30 films so genres form a label set."""
    with engine.begin() as conn:
        for ddl in MOVIES_DDL:
            conn.execute(text(ddl))
        for i, (name, born, country) in enumerate(DIRECTORS, start=1):
            conn.execute(text("INSERT INTO directors (id, name, born, country) VALUES (:i, :n, :b, :c)"),
                         {"i": i, "n": name, "b": born, "c": country})
        for i in range(1, 31):
            conn.execute(text("INSERT INTO films (id, title, released, director_id, genre, box_office) "
                              "VALUES (:i, :t, :y, :d, :g, :b)"),
                         {"i": i, "t": FILM_TITLES[i - 1], "y": 1990 + i, "d": (i % 4) + 1 if i % 5 else None,
                          "g": GENRES[i % 3] if i % 7 else None, "b": 1.5e6 * i})
        for i, (name, born, nat) in enumerate([("Cillian Murphy", "1976-05-25", "Ireland"),
                                               ("Saoirse Ronan", None, "Ireland"),
                                               ("Song Kang-ho", "1967-01-17", None)], start=1):
            conn.execute(text("INSERT INTO actors (id, name, birth_date, nationality) VALUES (:i, :n, :b, :c)"),
                         {"i": i, "n": name, "b": born, "c": nat})


@pytest.fixture
def movies_engine(db_engine: Engine) -> Engine:
    build_movies(db_engine)
    return db_engine


@pytest.fixture(scope="session")
def bench_dir(redocred_dev: Path) -> Path:
    return redocred_dev


@pytest.fixture
def instance_copy(tmp_path: Path, redocred_dev: Path):
    """Copy an instance's input.sqlite to a temp file (the analyzer's simulation writes, then
    rolls back; the shared benchmark stays untouched) and return its engine."""
    engines: list[Engine] = []

    def make(name: str) -> Engine:
        target = tmp_path / f"{name}.sqlite"
        shutil.copy(redocred_dev / name / "input.sqlite", target)
        engine = create_engine(f"sqlite:///{target}")
        engines.append(engine)
        return engine

    yield make
    for engine in engines:
        engine.dispose()


def copy_sqlite_to(source: Path, engine: Engine) -> None:
    """Recreate a redocred-dev table (its DDL and rows) in another database."""
    con = sqlite3.connect(source)
    try:
        for (ddl,) in con.execute("SELECT sql FROM sqlite_master WHERE type='table'"):
            with engine.begin() as conn:
                conn.execute(text(ddl.replace("IF NOT EXISTS ", "")))
        for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall():
            cur = con.execute(f'SELECT * FROM "{name}"')
            cols = [d[0] for d in cur.description]
            rows = [dict(zip(cols, r)) for r in cur.fetchall()]
            insert = f'INSERT INTO "{name}" ({", ".join(chr(34) + c + chr(34) for c in cols)}) VALUES ({", ".join(":" + c for c in cols)})'
            with engine.begin() as conn:
                conn.execute(text(insert), rows)
    finally:
        con.close()


@pytest.fixture
def pg_engine(pg_url: str) -> Iterator[Engine]:
    engine = create_engine(pg_url)
    yield engine
    engine.dispose()


@pytest.fixture(scope="session")
def measure():
    """benchmarks/plan_accuracy.py (gold deltas; read by tests and measurements only)."""
    return _load("plan_accuracy", HERE.parents[1] / "benchmarks")


@pytest.fixture
def sqlite_movies(sqlite_url: str) -> Iterator[Engine]:
    """The movies schema on SQLite only, for tests where the dialect does not matter."""
    engine = create_engine(sqlite_url)
    build_movies(engine)
    yield engine
    engine.dispose()
