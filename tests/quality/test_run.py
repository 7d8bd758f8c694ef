"""The runner on real dev instances: the pipeline through the seams, in-process and via Kafka."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from text2db.config import Settings
from text2db.quality.dataset import load_dataset
from text2db.quality.run import move_bookkeeping, run_benchmark
from text2db.quality.score import score_predictions, summarize_scores

SAMPLE = ["redocred_dev_102_rp", "redocred_dev_103_di", "redocred_dev_105_ca"]


def questions_only(redocred_dev: Path, target: Path, names: list[str]) -> Path:
    """A copy of dev instances without their answers (output.sqlite, meta.json)."""
    for name in names:
        (target / name).mkdir(parents=True)
        for part in ("data.json", "input.sqlite"):
            shutil.copyfile(redocred_dev / name / part, target / name / part)
    return target


def rows_of(db: Path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(db)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        return {t: sorted(map(tuple, conn.execute(f'SELECT * FROM "{t}"'))) for t in tables}
    finally:
        conn.close()


@pytest.fixture
def no_llm_settings(tmp_path: Path) -> Settings:
    return Settings(home=tmp_path / "home", llm_base_url=None)


def test_pipeline_reads_only_the_questions_and_keeps_bookkeeping_apart(redocred_dev: Path, tmp_path: Path, no_llm_settings: Settings) -> None:
    questions = questions_only(redocred_dev, tmp_path / "questions", SAMPLE)
    record = run_benchmark(load_dataset(questions), tmp_path / "pred", "pipeline", no_llm_settings)
    assert [e["name"] for e in record["instances"]] == SAMPLE
    assert all(e["error"] is None for e in record["instances"]), [e["error"] for e in record["instances"]]
    assert json.loads((tmp_path / "pred" / "run.json").read_text())["totals"]["instances"] == 3
    for name in SAMPLE:
        assert not [t for t in rows_of(tmp_path / "pred" / name / "output.sqlite") if t.startswith("text2db_")]
        state = rows_of(tmp_path / "pred" / name / "state.sqlite")
        assert len(state["text2db_plans"]) >= 1
    # the prediction was made without the answers; scored against them it found real facts
    summary = summarize_scores(score_predictions(load_dataset(redocred_dev, "redocred_dev_10[235]_*"), tmp_path / "pred"))
    assert summary["overall"]["lenient"]["macro_f1"] > 0.0


def test_a_failing_instance_is_recorded_and_the_run_goes_on(redocred_dev: Path, tmp_path: Path, no_llm_settings: Settings) -> None:
    questions = questions_only(redocred_dev, tmp_path / "questions", ["redocred_dev_103_di", "redocred_dev_105_ca"])
    (questions / "redocred_dev_103_di" / "input.sqlite").write_bytes(b"not a database at all" * 100)
    record = run_benchmark(load_dataset(questions), tmp_path / "pred", "pipeline", no_llm_settings)
    broken, fine = record["instances"]
    assert broken["error"] and "Traceback" in broken["error"]
    assert fine["error"] is None and fine["report"]["tables"]
    assert record["totals"]["failed"] == 1


def test_move_bookkeeping_keeps_only_target_tables(tmp_path: Path) -> None:
    db, state = tmp_path / "out.sqlite", tmp_path / "state.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript(
        "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);"
        "INSERT INTO person VALUES (1, 'Ada');"
        "CREATE TABLE text2db_lineage (row_key TEXT, quote TEXT);"
        "INSERT INTO text2db_lineage VALUES ('person:name=Ada', 'Ada was');"
    )
    conn.commit()
    conn.close()
    assert move_bookkeeping(db, state) == ["text2db_lineage"]
    assert rows_of(db) == {"person": [(1, "Ada")]}
    assert rows_of(state) == {"text2db_lineage": [("person:name=Ada", "Ada was")]}


@pytest.mark.slow
def test_via_kafka_writes_what_in_process_writes(redocred_dev: Path, tmp_path: Path, kafka_settings: Settings) -> None:
    settings = kafka_settings.model_copy(update={"llm_base_url": None})
    dataset = load_dataset(redocred_dev, "redocred_dev_10[35]_*")
    direct = run_benchmark(dataset, tmp_path / "direct", "pipeline", settings)
    kafka = run_benchmark(dataset, tmp_path / "kafka", "pipeline", settings, via_kafka=True)
    assert [e["error"] for e in kafka["instances"]] == [None, None]
    for inst in dataset:
        assert rows_of(tmp_path / "kafka" / inst.name / "output.sqlite") == rows_of(tmp_path / "direct" / inst.name / "output.sqlite")
    assert [e["report"]["tables"] for e in kafka["instances"]] == [e["report"]["tables"] for e in direct["instances"]]


def test_resume_keeps_finished_instances(redocred_dev: Path, tmp_path: Path, no_llm_settings: Settings) -> None:
    first = run_benchmark(load_dataset(redocred_dev, "redocred_dev_10[35]_*"), tmp_path / "pred", "pipeline", no_llm_settings)
    kept = (tmp_path / "pred" / "redocred_dev_103_di" / "output.sqlite").stat().st_mtime_ns
    again = run_benchmark(load_dataset(redocred_dev, "redocred_dev_1[01]*"), tmp_path / "pred", "pipeline", no_llm_settings, resume=True)
    assert again["instances"][:2] == first["instances"]
    assert [e["name"] for e in again["instances"]] == ["redocred_dev_103_di", "redocred_dev_105_ca", "redocred_dev_102_rp", "redocred_dev_110_di", "redocred_dev_114_rp"]
    assert (tmp_path / "pred" / "redocred_dev_103_di" / "output.sqlite").stat().st_mtime_ns == kept
    assert json.loads((tmp_path / "pred" / "run.json").read_text())["totals"]["instances"] == 5
