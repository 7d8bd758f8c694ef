"""Baselines: the LLM's answer is untrusted (validated, bound, fill-only); the template needs no plan."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from text2db.config import Settings
from text2db.quality.baselines import apply_answer, build_prompt, parse_answer
from text2db.quality.dataset import load_dataset
from text2db.quality.exceptions import BaselineOutputError
from text2db.quality.run import run_benchmark
from text2db.quality.target import reflect
from text2db.quality.template import template_plan

from .conftest import PEOPLE, PEOPLE_SCHEMA, write_db



def people_db(tmp_path: Path):
    path = write_db(tmp_path / "people.sqlite", [PEOPLE_SCHEMA], {"person": PEOPLE})
    return path, create_engine(f"sqlite:///{path}")


def test_parse_answer_takes_the_json_object_and_rejects_the_rest() -> None:
    answer = parse_answer('Sure!\n```json\n{"rows": [{"name": "Grace Hopper", "born_year": 1906}]}\n```')
    assert answer.rows == [{"name": "Grace Hopper", "born_year": 1906}] and answer.new_columns == []
    misplaced = parse_answer('{"new_columns": [], "rows": [{"table": "person", "name": "death", "type": "TEXT"}]}')
    assert misplaced.rows == [] and [(c.name, c.type) for c in misplaced.new_columns] == [("death", "TEXT")]
    with pytest.raises(BaselineOutputError):
        parse_answer("I cannot help with that.")
    with pytest.raises(BaselineOutputError):
        parse_answer('{"rows": "DROP TABLE person"}')


def test_apply_answer_validates_against_the_schema_and_never_overwrites(tmp_path: Path) -> None:
    path, engine = people_db(tmp_path)
    answer = parse_answer(json.dumps({
        "new_columns": [
            {"table": "person", "name": "field", "type": "TEXT"},
            {"table": "person", "name": "height", "type": "REAL"},  # not asked for
            {"table": "person", "name": 'x" TEXT); DROP TABLE person; --', "type": "TEXT"},
        ],
        "rows": [
            {"table": "person", "name": "Ada Lovelace", "citizenship": "England", "birth": "1815-12-10", "field": "mathematics"},
            {"table": "person", "name": "Grace Hopper", "born_year": "1906", "shoe_size": 7, "id": 99},
            {"table": "person", "citizenship": "United States"},
            {"table": "person", "name": "Robert'); DROP TABLE person; --", "birth": {"nested": 1}},
        ],
    }))  # fmt: skip
    counts = apply_answer(engine, reflect(engine), answer, 'Add a new column "field" to the person table.')
    assert counts == {"columns_added": 1, "columns_not_asked": 2, "filled": 1, "inserted": 2, "skipped": 1}
    conn = sqlite3.connect(path)
    rows = {r[1]: r for r in conn.execute("SELECT * FROM person")}
    columns = [r[1] for r in conn.execute("PRAGMA table_info(person)")]
    assert columns == ["id", "name", "birth", "born_year", "citizenship", "field"]
    assert rows["Ada Lovelace"][1:] == ("Ada Lovelace", "1815-12-10", 1815, "United Kingdom", "mathematics")
    assert rows["Grace Hopper"][0] != 99 and rows["Grace Hopper"][3] == 1906
    assert rows["Robert'); DROP TABLE person; --"][2] is None  # a name like any other, bound


def test_prompt_shows_instruction_schema_rows_and_text(redocred_dev: Path, tmp_path: Path) -> None:
    instance = load_dataset(redocred_dev, "redocred_dev_103_di")[0]
    engine = create_engine(f"sqlite:///{instance.input_path}")
    prompt = build_prompt(instance, engine, reflect(engine))
    assert instance.instruction in prompt and 'CREATE TABLE' in prompt and '"released" INTEGER' in prompt
    assert "'title'" in prompt and "Christina Aguilera" in prompt
    rows = prompt.split("Example rows:\n", 1)[1].split("\n\nDocuments:", 1)[0].splitlines()
    assert len(rows) == 5 and all(json.loads(r)["released"] for r in rows)  # the fullest rows show the formats


def test_template_plan_reads_the_new_column_from_the_instruction(redocred_dev: Path) -> None:
    instance = load_dataset(redocred_dev, "redocred_dev_105_ca")[0]
    engine = create_engine(f"sqlite:///{instance.input_path}")
    plan = template_plan(instance, reflect(engine), "job")
    table = plan.table("work")
    assert table.key == ["title"] and table.operation == "column_addition"
    added = [c for c in table.columns if c.new is not None]
    assert [(c.name, c.new.sql_type) for c in added] == [("released", "INTEGER")]
    assert {c.name for c in table.columns} == {"director", "composer", "publisher", "released"}


def test_template_mode_runs_through_the_stages(redocred_dev: Path, tmp_path: Path) -> None:
    dataset = load_dataset(redocred_dev, "redocred_dev_10[35]_*")
    record = run_benchmark(dataset, tmp_path / "pred", "template", Settings(home=tmp_path / "home"))
    assert [e["error"] for e in record["instances"]] == [None, None]
    assert {e["planner"] for e in record["instances"]} == {"template.v1"} and record["totals"]["llm_calls"] == 0



@pytest.mark.llm
@pytest.mark.slow
def test_llm_only_asks_once_per_instance(redocred_dev: Path, tmp_path: Path, local_llm_url: str) -> None:
    dataset = load_dataset(redocred_dev, "redocred_dev_102_rp")
    record = run_benchmark(dataset, tmp_path / "pred", "llm-only", Settings(home=tmp_path / "home", llm_base_url=local_llm_url))
    entry = record["instances"][0]
    assert entry["llm_calls"] == 1 and entry["llm_tokens"] > 0
    assert entry["report"]["answer"]  # the raw answer is kept, also when it does not validate
    assert (tmp_path / "pred" / "redocred_dev_102_rp" / "output.sqlite").is_file()
