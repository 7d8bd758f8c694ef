"""Distant supervision: values already in the target table become span labels where the text states them."""

from __future__ import annotations

from pathlib import Path

from conftest import make_plan
from sqlalchemy import create_engine, text

from text2db.extractors import train
from text2db.extractors.span_model import question_for

TEXTS = [
    "Ingrid Holm was born in Uppsala on 4 May 1931. Holm later moved to Oslo.",
    "Per Lund grew up in Bergen. He was born in 1940 in Stavanger. Per Lund died in Oslo.",
]


def _db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'target.sqlite'}"
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, birth_place TEXT, birth TEXT)"))
        conn.execute(text("INSERT INTO person (name, birth_place, birth) VALUES (:n, :p, :b)"), [
            {"n": "Ingrid Holm", "p": "Uppsala", "b": "4 May 1931"},
            {"n": "Per Lund", "p": "Stavanger", "b": None},
            {"n": "Nils Berg", "p": "Lund", "b": "1 June 1950"},  # not in any text
        ])
    engine.dispose()
    return url


def test_db_values_found_next_to_their_key_become_labels(tmp_path: Path) -> None:
    plan = make_plan("person", "person", "name", ["birth_place", "birth"])
    examples = train.db_examples(plan, TEXTS, _db(tmp_path))
    got = {(e.question, e.context[e.start:e.end]) for e in examples}
    q = {c.name: c.question for c in plan.tables[0].columns}
    assert got == {
        (question_for(q["birth_place"], "Ingrid Holm"), "Uppsala"),
        (question_for(q["birth"], "Ingrid Holm"), "4 May 1931"),
    }
    # "Stavanger" is in the text but not in a sentence naming "Per Lund"; a label there would be a guess.
    assert all(e.source == "db" and "Ingrid Holm" in e.context for e in examples)


def test_db_labels_are_trusted_for_the_heldout_split() -> None:
    db = [train.Example(f"q{i}", f"context {i} value", 10 + len(str(i)), 15 + len(str(i)), "db") for i in range(20)]
    rules = [train.Example(f"r{i}", f"rules {i} value", 8 + len(str(i)), 13 + len(str(i)), "rules") for i in range(40)]
    trained_on, heldout = train.split(db + rules)
    assert heldout and all(e.source == "db" for e in heldout)
    assert not {(e.question, e.context) for e in heldout} & {(e.question, e.context) for e in trained_on}


def test_no_database_means_no_db_labels() -> None:
    plan = make_plan("person", "person", "name", ["birth_place"])
    assert train.db_examples(plan, TEXTS, None) == []
