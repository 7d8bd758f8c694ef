"""The error breakdown on a hand-built instance where every category occurs."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine

from text2db.planner.store import save_plan
from text2db.quality.breakdown import breakdown, classify_instance, similar
from text2db.quality.dataset import load_dataset, load_instance
from text2db.schemas.plan import ColumnPlan, Plan, TablePlan

from .conftest import PEOPLE

GOLD = [PEOPLE[0], (2, "Alan Turing", "1912-06-23", None, "United Kingdom"), (3, "Grace Hopper", "1906-12-09", 1906, "United States")]
PREDICTED = [
    (1, "Ada Lovelace", None, 1815, "England"),  # overwrote a value: integrity
    (2, "Alan Turing", "23 June 1912", None, None),  # right date, other form: normalization
    (3, "Grace M. Hopper", None, 1906, None),  # the gold row under another name: linking
    (4, "Charles Babbage", None, 1791, None),  # a row gold does not have: extraction
]


def plan_without_citizenship() -> Plan:
    columns = [ColumnPlan(name=c, tool="attribute", question=c) for c in ("birth", "born_year")]
    table = TablePlan(table="person", operation="row_population", entity="person", key=["name"], columns=columns)
    return Plan(job="bench-bd", instruction="people", planner="rules.v1", tables=[table])


def test_every_category_is_found(make_instance, predict, tmp_path: Path) -> None:
    folder = make_instance("bd", gold_rows=GOLD)
    output = predict("bd", PREDICTED)
    state = output.parent / "state.sqlite"
    save_plan(create_engine(f"sqlite:///{state}"), plan_without_citizenship())
    result = classify_instance(load_instance(folder), output, state, failed=False)
    assert result["missed"] == {"normalization": 1, "planning": 2, "linking": 3}
    assert result["extra"] == {"normalization": 1, "integrity": 1, "linking": 2, "extraction": 2}


def test_failed_instances_and_groups(make_instance, predict, tmp_path: Path) -> None:
    make_instance("bd", gold_rows=GOLD)
    predict("bd", PREDICTED)
    run = {"instances": [{"name": "bd", "error": "Traceback ..."}]}
    parts = breakdown(load_dataset(tmp_path / "dataset"), tmp_path / "pred", run)
    assert parts["overall"] == parts["row population"] == {"missed": {"failed": 6}, "extra": {"failed": 6}, "strict only": {}}
    without_plan = breakdown(load_dataset(tmp_path / "dataset"), tmp_path / "pred", None)
    # no plan: the citizenship misses become a linking miss (Grace) and an extraction miss (Alan)
    assert without_plan["overall"]["missed"] == {"normalization": 1, "linking": 4, "extraction": 1}


def test_similar_values() -> None:
    assert similar("23 June 1912", "1912-06-23") and similar("The Hurting", "Hurting") and similar("1983", "7 March 1983")
    assert not similar("Paris", "London") and not similar("1912", "1983")


def test_alias_matches_are_a_strict_only_normalization_gap(make_instance, predict) -> None:
    grace = (3, "Grace Hopper", "1906-12-09", 1906, "United States")
    folder = make_instance("gap", gold_rows=PEOPLE + [grace], aliases={"Grace Hopper": {"key": ["Grace Hopper"], "cells": {"birth": ["9 December 1906"]}}})
    output = predict("gap", PEOPLE + [(3, "Grace Hopper", "9 December 1906", 1906, "United States")])
    result = classify_instance(load_instance(folder), output, None, failed=False)
    assert result == {"missed": {}, "extra": {}, "strict only": {"normalization": 1}}
