"""Two small jobs in one SQLite target database, planned by the real rule planner: `films`
(films and their directors' names) and `people` (people with birth dates and places)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

FILMS = [("Inception", "Christopher Nolan", 2010), ("Amélie", "Jean-Pierre Jeunet", 2001),
         ("Zero Dark Thirty", "Kathryn Bigelow", 2012), ("Parasite", "Bong Joon-ho", 2019)]
PEOPLE = [("Kathryn Bigelow", "1951-11-27", "San Carlos, California"), ("Marie Curie", "1867-11-07", "Warsaw"),
          ("Ada Lovelace", "1815-12-10", "London"), ("Nelson Mandela", "1918-07-18", "Mvezo")]


@pytest.fixture
def two_jobs(tmp_path: Path) -> Engine:
    from text2db.config import Settings
    from text2db.planner.api import make_plan
    from text2db.planner.store import save_plan

    engine = create_engine(f"sqlite:///{tmp_path / 'target.sqlite'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, director TEXT, release_year INTEGER)"))
        conn.execute(text("CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth_date TEXT, birth_place TEXT)"))
        conn.execute(text("INSERT INTO film (title, director, release_year) VALUES (:t, :d, :y)"),
                     [{"t": t, "d": d, "y": y} for t, d, y in FILMS])
        conn.execute(text("INSERT INTO person (name, birth_date, birth_place) VALUES (:n, :b, :p)"),
                     [{"n": n, "b": b, "p": p} for n, b, p in PEOPLE])
    settings = Settings(home=tmp_path / "home", llm_base_url=None)
    for job, instruction in (("films", "Add every new film to the film table with its director and release year."),
                             ("people", "Add the people described in the documents to the person table with birth date and birth place.")):
        save_plan(engine, make_plan(engine, instruction, job, settings, llm=False, simulate=False).plan)
    return engine
