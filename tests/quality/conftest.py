"""Builders of tiny TEXT2DB-layout instances in tmp_path, so scores can be computed by hand."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

PEOPLE_SCHEMA = 'CREATE TABLE person ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE, "birth" TEXT, "born_year" INTEGER, "citizenship" TEXT)'
PEOPLE = [(1, "Ada Lovelace", None, 1815, "United Kingdom"), (2, "Alan Turing", None, None, None)]


def write_db(path: Path, statements: Sequence[str], rows: dict[str, list[tuple[Any, ...]]]) -> Path:
    conn = sqlite3.connect(path)
    for sql in statements:
        conn.execute(sql)
    for table, values in rows.items():
        for row in values:
            conn.execute(f'INSERT INTO "{table}" VALUES ({", ".join("?" * len(row))})', row)
    conn.commit()
    conn.close()
    return path


InstanceFactory = Callable[..., Path]


@pytest.fixture
def make_instance(tmp_path: Path) -> InstanceFactory:
    """make_instance(name, task_type, gold_rows=..., gold_schema=..., aliases=..., text=...) -> folder."""

    def make(
        name: str,
        task_type: str = "row population",
        *,
        gold_rows: list[tuple[Any, ...]] | None = None,
        gold_schema: str = PEOPLE_SCHEMA,
        aliases: dict[str, Any] | None = None,
        text: str = "Alan Turing was born on 23 June 1912 in London.",
        instruction: str = "Add the people (date of birth, citizenship).",
    ) -> Path:
        folder = tmp_path / "dataset" / name
        folder.mkdir(parents=True)
        entry = {"instruction": instruction, "db_name": "person", "task_type": task_type, "text": text}
        (folder / "data.json").write_text(json.dumps([entry]))
        (folder / "meta.json").write_text(json.dumps({"natural_keys": {"person": "name"}, "aliases": {"person": aliases or {}}}))
        write_db(folder / "input.sqlite", [PEOPLE_SCHEMA], {"person": PEOPLE})
        write_db(folder / "output.sqlite", [gold_schema], {"person": gold_rows if gold_rows is not None else PEOPLE})
        return folder

    return make


@pytest.fixture
def predict(tmp_path: Path) -> Callable[..., Path]:
    """predict(name, rows, schema=PEOPLE_SCHEMA) writes <pred>/<name>/output.sqlite and returns it."""

    def write(name: str, rows: list[tuple[Any, ...]], schema: str = PEOPLE_SCHEMA) -> Path:
        folder = tmp_path / "pred" / name
        folder.mkdir(parents=True)
        return write_db(folder / "output.sqlite", [schema], {"person": rows})

    return write
