"""The metric on the real dev set (gold 100, input 0) and on small hand-computed cases."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from text2db.quality.cli import bench
from text2db.quality.dataset import load_dataset, load_instance, split_documents
from text2db.quality.delta import canonical, is_null_like
from text2db.quality.score import fold, score_instance, score_predictions, summarize_scores

from .conftest import PEOPLE, write_db

ADDED_COLUMN = 'CREATE TABLE person ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE, "birth" TEXT, "born_year" INTEGER, "citizenship" TEXT, "field" TEXT)'
GRACE = (3, "Grace Hopper", "1906-12-09", 1906, "United States")


def test_gold_scores_100_and_unchanged_input_scores_0(redocred_dev: Path) -> None:
    dataset = load_dataset(redocred_dev)
    gold = summarize_scores([score_instance(i, i.gold_path) for i in dataset])
    unchanged = summarize_scores([score_instance(i, i.input_path) for i in dataset])
    assert set(gold) == {"overall", "row population", "data infilling", "column addition"}
    for group in gold:
        for mode in ("strict", "lenient"):
            assert gold[group][mode]["macro_f1"] == 100.0 and gold[group][mode]["micro_f1"] == 100.0
            assert unchanged[group][mode]["macro_f1"] == 0.0 and unchanged[group][mode]["micro_f1"] == 0.0


def test_numbers_compare_as_numbers_and_null_likes_are_null() -> None:
    assert canonical("1983") == canonical(1983) == canonical(1983.0) == canonical(" 1983 ") == "1983"
    assert canonical("3.50") == canonical(3.5) != canonical("3.51")
    assert canonical("Tears for Fears") == "Tears for Fears"
    assert all(is_null_like(v) for v in (None, "", "  ", "None", "NULL", "n/a", "N/A"))
    assert not any(is_null_like(v) for v in (0, "0", "na", "nothing"))
    assert fold("  The  Hurting ") == fold("hurting") == fold("HURTING")
    assert fold("Prayut Chan - o - cha") == fold("prayut chan-o-cha")
    assert fold("Theodore") == "theodore"


def test_new_row_strict_and_lenient(make_instance, predict) -> None:
    folder = make_instance("rp", gold_rows=PEOPLE + [GRACE], aliases={"Grace Hopper": {"key": ["Grace Hopper"], "cells": {"birth": ["9 December 1906"]}}})
    # another surrogate id, a birth date in another form, a year stored as text, a null-like cell
    pred = predict("rp", PEOPLE + [(7, "Grace Hopper", "9 December 1906", "1906", "none")])
    score = score_instance(load_instance(folder), pred)
    assert (score.strict.tp, score.strict.pred, score.strict.gold) == (2, 3, 4)
    assert score.strict.f1 == pytest.approx(4 / 7)
    assert (score.lenient.tp, score.lenient.pred, score.lenient.gold) == (3, 3, 4)
    assert score.lenient.precision == 1.0 and score.lenient.f1 == pytest.approx(6 / 7)
    assert [f.column for f in score.missed] == ["citizenship"]


def test_infilled_cells_overwrites_and_cleared_cells(make_instance, predict) -> None:
    gold_rows = [PEOPLE[0], (2, "Alan Turing", "1912-06-23", None, "United Kingdom")]
    folder = make_instance("di", "data infilling", gold_rows=gold_rows)
    # fills one gold cell, overwrites Ada's citizenship (counts, wrong), clears Ada's year (does not count)
    pred = predict("di", [(1, "Ada Lovelace", None, None, "England"), (2, "Alan Turing", "1912-06-23", None, None)])
    score = score_instance(load_instance(folder), pred)
    assert (score.strict.tp, score.strict.pred, score.strict.gold) == (1, 2, 2)
    assert score.strict.f1 == pytest.approx(0.5) and score.lenient.f1 == pytest.approx(0.5)


def test_new_column_with_case_folding_and_null_like(make_instance, predict) -> None:
    gold_rows = [(1, "Ada Lovelace", None, 1815, "United Kingdom", "mathematics"), (2, "Alan Turing", None, None, None, "computer science")]
    folder = make_instance("ca", "column addition", gold_rows=gold_rows, gold_schema=ADDED_COLUMN)
    pred = predict("ca", [(1, "Ada Lovelace", None, 1815, "United Kingdom", "Mathematics"), (2, "Alan Turing", None, None, None, "n/a")], ADDED_COLUMN)
    score = score_instance(load_instance(folder), pred)
    assert (score.strict.tp, score.strict.pred, score.strict.gold) == (0, 1, 2)
    assert score.strict.f1 == 0.0
    assert (score.lenient.tp, score.lenient.pred, score.lenient.gold) == (1, 1, 2)
    assert score.lenient.f1 == pytest.approx(2 / 3)


def test_key_aliases_match_once(make_instance, predict) -> None:
    hurting = (3, "Hurting", None, 1983, None)
    folder = make_instance("alias", gold_rows=PEOPLE + [hurting], aliases={"Hurting": {"key": ["The Hurting"], "cells": {}}})
    # two spellings of the same gold row: the second earns nothing
    pred = predict("alias", PEOPLE + [(3, "The Hurting", None, 1983.0, None), (4, "the  hurting", None, 1983, None)])
    score = score_instance(load_instance(folder), pred)
    assert (score.strict.tp, score.strict.pred, score.strict.gold) == (0, 4, 2)
    assert (score.lenient.tp, score.lenient.pred, score.lenient.gold) == (2, 4, 2)
    assert score.lenient.precision == 0.5 and score.lenient.recall == 1.0


def test_empty_gold_bookkeeping_tables_and_missing_predictions(make_instance, predict, tmp_path: Path) -> None:
    make_instance("nothing_to_do")
    make_instance("nothing_but_predicted")
    make_instance("not_run", gold_rows=PEOPLE + [GRACE])
    quiet = predict("nothing_to_do", PEOPLE)
    conn = sqlite3.connect(quiet)  # our bookkeeping never counts
    conn.execute("CREATE TABLE text2db_plans (job TEXT, version INTEGER, plan_json TEXT)")
    conn.execute("INSERT INTO text2db_plans VALUES ('j', 1, '{}')")
    conn.commit()
    conn.close()
    predict("nothing_but_predicted", PEOPLE + [GRACE])
    scores = {s.name: s for s in score_predictions(load_dataset(tmp_path / "dataset"), tmp_path / "pred")}
    assert scores["nothing_to_do"].lenient.f1 == 1.0 and scores["nothing_to_do"].strict.pred == 0
    assert scores["nothing_but_predicted"].lenient.f1 == 0.0 and scores["nothing_but_predicted"].lenient.precision == 0.0
    assert scores["not_run"].missing_prediction and scores["not_run"].lenient.f1 == 0.0
    overall = summarize_scores(list(scores.values()))["overall"]["lenient"]
    assert overall["macro_f1"] == pytest.approx(100 / 3, abs=0.01)
    assert overall["micro_p"] == 0.0 and overall["micro_r"] == 0.0  # 0 of 4 predicted, 0 of 4 gold


def test_macro_and_micro_over_instances_and_task_types(make_instance, predict, tmp_path: Path) -> None:
    make_instance("a_rp", gold_rows=PEOPLE + [GRACE])  # 4 gold, predicted exactly: F1 1
    predict("a_rp", PEOPLE + [GRACE])
    make_instance("b_di", "data infilling", gold_rows=[PEOPLE[0], (2, "Alan Turing", "1912-06-23", 1912, "United Kingdom")])
    predict("b_di", [PEOPLE[0], (2, "Alan Turing", "1912-06-23", None, None)])  # 1 of 3: P 1, R 1/3, F1 0.5
    summary = summarize_scores(score_predictions(load_dataset(tmp_path / "dataset"), tmp_path / "pred"))
    assert summary["overall"]["strict"]["macro_f1"] == pytest.approx(75.0)
    assert summary["overall"]["strict"]["micro_r"] == pytest.approx(100 * 5 / 7, abs=0.01)
    assert summary["overall"]["strict"]["micro_p"] == 100.0
    assert summary["data infilling"]["strict"]["macro_r"] == pytest.approx(33.33, abs=0.01)
    assert summary["row population"]["lenient"]["macro_f1"] == 100.0


def test_documents_split_on_seven_newlines() -> None:
    assert split_documents("first doc.\n\n\n\n\n\n\nsecond\n\ndoc.") == ["first doc.", "second\n\ndoc."]
    assert split_documents("one\n\n\n\n\n\ntwo") == ["one\n\n\n\n\n\ntwo"]  # six newlines do not split


def test_cli_score_json(make_instance, predict, tmp_path: Path) -> None:
    make_instance("a_rp", gold_rows=PEOPLE + [GRACE])
    predict("a_rp", PEOPLE + [(3, "Grace Hopper", None, 1906, None)])
    result = CliRunner().invoke(bench, ["score", str(tmp_path / "dataset"), str(tmp_path / "pred"), "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload["summary"]["overall"]["strict"]["macro_r"] == 50.0
    assert payload["instances"][0]["strict"] == {"tp": 2, "pred": 2, "gold": 4, "f1": pytest.approx(66.67)}
    table = CliRunner().invoke(bench, ["score", str(tmp_path / "dataset"), str(tmp_path / "pred")])
    assert table.exit_code == 0 and "overall" in table.output


COUNTRY = 'CREATE TABLE country ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE)'
DISH = 'CREATE TABLE dish ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE, "country_id" INTEGER REFERENCES country(id))'


def test_foreign_keys_score_by_the_referenced_rows_natural_key(tmp_path: Path) -> None:
    folder = tmp_path / "dataset" / "fk"
    folder.mkdir(parents=True)
    (folder / "data.json").write_text(json.dumps([{"instruction": "Add dishes.", "db_name": "cuisine", "task_type": "row population", "text": "Ajoblanco is from Spain."}]))
    (folder / "meta.json").write_text(json.dumps({"natural_keys": {"country": "name", "dish": "name"}, "aliases": {}}))
    existing = {"country": [(1, "Italy")], "dish": [(1, "Amatriciana", 1)]}
    write_db(folder / "input.sqlite", [COUNTRY, DISH], existing)
    write_db(folder / "output.sqlite", [COUNTRY, DISH], {"country": [(1, "Italy"), (2, "Spain"), (3, "Malaysia")],
                                                         "dish": [(1, "Amatriciana", 1), (2, "Ajoblanco", 2), (3, "Asam pedas", 3)]})

    def predict(name: str, countries: list[tuple[int, str]], dishes: list[tuple[int, str, int]]) -> Path:
        return write_db(Path(tmp_path / name).with_suffix(".sqlite"), [COUNTRY, DISH],
                        {"country": [(1, "Italy"), *countries], "dish": [(1, "Amatriciana", 1), *dishes]})

    instance = load_instance(folder)
    # the new parents got each other's ids; every child references the right country by its key
    swapped = score_instance(instance, predict("swapped", [(2, "Malaysia"), (3, "Spain")], [(2, "Ajoblanco", 3), (3, "Asam pedas", 2)]))
    assert swapped.strict.f1 == 1.0 and swapped.lenient.f1 == 1.0
    # the gold's ids, but a dish pointing at the wrong country, and one pointing at no row at all
    wrong = score_instance(instance, predict("wrong", [(2, "Spain"), (3, "Malaysia")], [(2, "Ajoblanco", 3), (3, "Asam pedas", 99)]))
    assert (wrong.strict.tp, wrong.strict.pred, wrong.strict.gold) == (4, 6, 6)
    assert sorted((f.key, f.value) for f in wrong.missed if f.column == "country_id") == [("Ajoblanco", "Spain"), ("Asam pedas", "Malaysia")]
