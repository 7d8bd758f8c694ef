"""retrain_extractors under dag.test(): labels from archived documents and the target database,
a real MiniLM fine-tune on CPU, promotion only when the candidate beats the accepted model."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from text2db import orchestration as orch
from text2db.config import Settings
from text2db.extractors.span_model import accepted_folder

pytestmark = pytest.mark.slow

PEOPLE = [
    ("Ada Lovelace", "London", 1815), ("Alan Turing", "Maida Vale", 1912), ("Grace Hopper", "New York City", 1906),
    ("Edsger Dijkstra", "Rotterdam", 1930), ("Barbara Liskov", "Los Angeles", 1939), ("Donald Knuth", "Milwaukee", 1938),
    ("John McCarthy", "Boston", 1927), ("Frances Allen", "Peru", 1932), ("Niklaus Wirth", "Winterthur", 1934),
    ("Tony Hoare", "Colombo", 1934),
]


def test_retrain_promotes_only_a_better_model(tmp_path: Path, run_dag: Any) -> None:
    url = f"sqlite:///{tmp_path / 'target.sqlite'}"
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE people (id INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL UNIQUE, "
                          "city VARCHAR(80), born INTEGER)"))
        for name, city, born in PEOPLE:
            conn.execute(text("INSERT INTO people (name, city, born) VALUES (:n, :c, :b)"), {"n": name, "c": city, "b": born})
    engine.dispose()
    settings = Settings(db_url=url, home=tmp_path / "home")
    orch.compile_plan(settings, "people", "Fill in the missing city and birth year of the people table.", "t", use_llm=False)
    folder = tmp_path / "docs"
    folder.mkdir()
    for name, city, born in PEOPLE:
        (folder / f"{name.split()[1]}.txt").write_text(f"{name} was born in {city} in {born}. {name.split()[0]} studied mathematics.")
    assert orch.discover_documents(settings, "people", str(folder), "feed")["new"] == len(PEOPLE)
    airflow = {
        "connections": {"text2db_target": {"conn_type": "sqlite", "host": url.removeprefix("sqlite:///")}},
        "variables": {"text2db_settings": {"home": str(settings.home)}, "text2db_job": "people"},
    }

    first = run_dag("retrain_extractors", {"epochs": 1, "accept_exact": 0.0, "min_gain": -1.0}, **airflow)
    assert first.state == "success", first.tasks
    built = first.xcom["build_set"]
    assert built["documents"] == len(PEOPLE) and built["sources"].get("db", 0) >= len(PEOPLE)
    assert first.xcom["promote"]["promoted"] is True
    accepted = accepted_folder(settings.home / "models")  # where the extractor's router looks
    assert accepted is not None and accepted.name == first.xcom["promote"]["version"]

    # The same labels give the same model: not better than the one just promoted, so it stays.
    second = run_dag("retrain_extractors", {"epochs": 1, "accept_exact": 0.0}, **airflow)
    assert second.state == "success", second.tasks
    scores = second.xcom["evaluate"]
    assert scores["current_version"] == accepted.name and scores["candidate"] == scores["current"]
    assert second.xcom["promote"]["promoted"] is False
    assert accepted_folder(settings.home / "models") == accepted
    marker = json.loads((settings.home / "models" / "span_ft" / "accepted.json").read_text())
    assert marker["run_id"] == first.run_id
