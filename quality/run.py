"""`text2db bench run`: every instance of a dataset through one mode, one prediction each.

Per instance: input.sqlite is copied to <out>/<instance>/output.sqlite, the mode updates it
from data.json alone (output.sqlite and meta.json of the dataset hold the answers and are never
opened here), our text2db_* tables move to state.sqlite, and the record goes to run.json.
An instance that raises is recorded with its traceback and the run goes on.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from sqlalchemy import create_engine
from sqlalchemy.engine import Engine

from text2db.config import Settings
from text2db.console import output_console
from text2db.errors import Text2DbError
from text2db.quality.dataset import Instance
from text2db.quality.score import score_instance

MODES = ("pipeline", "llm-only", "template")


@dataclass
class RunStats:
    """What one instance cost and changed; modes fill it, the runner times it."""

    documents: int = 0
    llm_calls: int = 0
    llm_tokens: int = 0
    planner: str | None = None
    report: dict[str, Any] = field(default_factory=dict)
    per_document: list[dict[str, Any]] = field(default_factory=list)  # seconds, LLM calls/tokens, values by tool


Mode = Callable[[Engine, Instance, Settings, RunStats], None]


def mode_for(name: str, via_kafka: bool = False) -> Mode:
    """The function that updates one instance's database; imported late so a mode's heavy
    dependencies load only when that mode runs."""
    if name == "pipeline":
        from text2db.quality.jobs import run_job, run_job_via_kafka

        return run_job_via_kafka if via_kafka else run_job
    if name == "llm-only":
        from text2db.quality.baselines import run_llm_only

        return run_llm_only
    if name == "template":
        from text2db.quality.template import run_template

        return run_template
    raise ValueError(f"unknown mode {name!r}; one of {MODES}")


def run_instance(instance: Instance, out_dir: Path, mode: Mode, settings: Settings) -> dict[str, Any]:
    """Write out_dir/output.sqlite (+ state.sqlite) for one instance; return its run.json record."""
    out_dir.mkdir(parents=True, exist_ok=True)
    output, state = out_dir / "output.sqlite", out_dir / "state.sqlite"
    for stale in (output, state):
        stale.unlink(missing_ok=True)
    stats, error = RunStats(documents=len(instance.documents)), None
    started = time.perf_counter()
    try:
        shutil.copyfile(instance.input_path, output)
        engine = create_engine(f"sqlite:///{output}")
        try:
            mode(engine, instance, settings.model_copy(update={"db_url": f"sqlite:///{output}"}), stats)
        finally:
            engine.dispose()
    except Exception:  # noqa: BLE001 - one failing instance is recorded, the run goes on
        error = traceback.format_exc()
    try:
        move_bookkeeping(output, state)  # also after a failure: the scorer reads what was written
    except sqlite3.DatabaseError:
        error = error or traceback.format_exc()
    seconds = time.perf_counter() - started
    return {"name": instance.name, "task_type": instance.task_type, "seconds": round(seconds, 3), **asdict(stats), "error": error}


def move_bookkeeping(output: Path, state: Path) -> list[str]:
    """Copy text2db_* tables into state.sqlite and drop them, so the prediction holds only target tables."""
    conn = sqlite3.connect(output)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' AND name LIKE 'text2db\\_%' ESCAPE '\\'")]
        if names:
            conn.execute("ATTACH DATABASE ? AS state", (str(state),))
            for name in names:
                quoted = '"' + name.replace('"', '""') + '"'
                conn.execute(f"CREATE TABLE state.{quoted} AS SELECT * FROM main.{quoted}")
                conn.execute(f"DROP TABLE main.{quoted}")
            conn.commit()
            conn.execute("DETACH DATABASE state")
        conn.execute("VACUUM")
    finally:
        conn.close()
    return names


def run_benchmark(
    instances: list[Instance],
    out: Path,
    mode_name: str,
    settings: Settings,
    *,
    via_kafka: bool = False,
    resume: bool = False,
    console: Console | None = None,
) -> dict[str, Any]:
    """Run every instance, rewriting out/run.json after each so a stopped run keeps its records.
    With `resume`, instances a previous run of the same mode finished without error are kept."""
    mode = mode_for(mode_name, via_kafka)
    out.mkdir(parents=True, exist_ok=True)
    record: dict[str, Any] = {"mode": mode_name, "via_kafka": via_kafka, "instances": []}
    if resume:
        record["instances"] = _finished(out, mode_name, {i.name for i in instances})
        done = {e["name"] for e in record["instances"]}
        instances = [i for i in instances if i.name not in done]
    f1s: list[float] = []
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TextColumn("{task.fields[status]}"), console=console or output_console(), transient=False,
    )  # fmt: skip
    with progress:
        task = progress.add_task(f"bench {mode_name}", total=len(instances), status="")
        for instance in instances:
            entry = run_instance(instance, out / instance.name, mode, settings)
            record["instances"].append(entry)
            _write_record(out, record)
            if instance.gold_path.is_file():  # display only: the prediction is already written
                f1s.append(_display_f1(instance, out / instance.name / "output.sqlite"))
            failed = sum(1 for e in record["instances"] if e["error"])
            status = f"lenient F1 {100 * sum(f1s) / len(f1s):.1f}" if f1s else ""
            progress.update(task, advance=1, status=status + (f"  [red]{failed} failed" if failed else ""))
    return record


def _finished(out: Path, mode_name: str, wanted: set[str]) -> list[dict[str, Any]]:
    path = out / "run.json"
    previous = json.loads(path.read_text()) if path.is_file() else {}
    if previous.get("mode") != mode_name:
        return []
    return [
        e for e in previous.get("instances", [])
        if e["name"] in wanted and not e["error"] and (out / e["name"] / "output.sqlite").is_file()
    ]  # fmt: skip


def _display_f1(instance: Instance, prediction: Path) -> float:
    try:
        return score_instance(instance, prediction).lenient.f1
    except Text2DbError:  # an unreadable input or gold: the run goes on, `bench score` will say
        return 0.0


def _value_shares(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Values each side served over the run's documents, and the LLM values dropped as ungrounded."""
    docs = [d for e in entries for d in e.get("per_document", [])]
    small = sum(d.get("values_small_model", 0) for d in docs)
    llm = sum(d.get("values_llm", 0) for d in docs)
    return {"values_small_model": small, "values_llm": llm, "llm_share": round(llm / (small + llm), 3) if small + llm else 0.0,
            "values_ungrounded": sum(d.get("values_ungrounded", 0) for d in docs),
            "seconds_per_document": round(sum(d.get("seconds", 0.0) for d in docs) / len(docs), 3) if docs else 0.0}


def _write_record(out: Path, record: dict[str, Any]) -> None:
    entries = record["instances"]
    n = len(entries) or 1
    record["totals"] = {
        "instances": len(entries),
        "failed": sum(1 for e in entries if e["error"]),
        "seconds_per_instance": round(sum(e["seconds"] for e in entries) / n, 3),
        "llm_calls": sum(e["llm_calls"] for e in entries),
        "llm_tokens": sum(e["llm_tokens"] for e in entries),
        **_value_shares(entries),
    }
    tmp = out / "run.json.tmp"
    tmp.write_text(json.dumps(record, indent=2))
    tmp.replace(out / "run.json")
