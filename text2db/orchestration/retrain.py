"""retrain_extractors' tasks: build the distillation set, fine-tune the span model, evaluate it
against the current one, promote it only if better (text2db.extractors.train).

Tasks hand over through the run's folder <home>/retrain/<job>/<run_id>/ (the set as JSONL, the
candidate model); the promoted model goes where the router looks (<models>/span_ft/). On a
multi-worker deployment TEXT2DB_HOME must be storage every worker sees.
"""

from __future__ import annotations

import json
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

from text2db.config import Settings
from text2db.orchestration.exceptions import NotEnoughLabels
from text2db.orchestration.feed import archived_events
from text2db.orchestration.tables import engine_for, record_task_run


def _run_folder(settings: Settings, job: str, run_id: str) -> Path:
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in run_id)
    return settings.home / "retrain" / job / safe


def _models_dir(settings: Settings) -> Path:
    from text2db.extractors.configuration import ExtractorConfig

    return Path(ExtractorConfig().trained_model_dir or settings.home / "models")


def _write_examples(path: Path, examples: list[Any]) -> None:
    from dataclasses import asdict

    path.write_text("".join(json.dumps(asdict(e)) + "\n" for e in examples), encoding="utf-8")


def _read_examples(path: Path) -> list[Any]:
    from text2db.extractors.train import Example

    return [Example(**json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def build_distillation_set(settings: Settings, job: str, run_id: str, max_documents: int = 200,
                           max_examples: int = 600) -> dict[str, Any]:
    """Labels for the span model from the job's archived documents: the LLM's grounded answers
    (distillation; with an LLM endpoint the LLM labels these documents first), values already in
    the target database (distant supervision) and the span rules' confident values; split once
    here so evaluation always uses the same held-out set."""
    from text2db.extractors import train
    from text2db.planner.store import load_plan

    engine = engine_for(settings)
    try:
        plan = load_plan(engine, job)
    finally:
        engine.dispose()
    texts = [e.text for e in archived_events(settings, job)][-max_documents:]
    examples = train.collect_examples(plan, texts, settings, max_examples=max_examples)
    training, heldout = train.split(examples)
    if not training or not heldout:
        raise NotEnoughLabels(f"{len(examples)} label(s) from {len(texts)} archived document(s) of job {job!r}")
    folder = _run_folder(settings, job, run_id)
    folder.mkdir(parents=True, exist_ok=True)
    _write_examples(folder / "train.jsonl", training)
    _write_examples(folder / "heldout.jsonl", heldout)
    sources = dict(Counter(e.source for e in examples))
    return {"job": job, "run_id": run_id, "documents": len(texts), "sources": sources,
            "train": len(training), "heldout": len(heldout)}


def fine_tune(settings: Settings, job: str, run_id: str, epochs: int = 6) -> dict[str, Any]:
    """Fine-tune a fresh MiniLM span model on the run's training labels (seeded: the same
    labels give the same model, so a rerun is not "better" by chance)."""
    import torch

    from text2db.extractors import train
    from text2db.extractors.span_model import SpanModel

    folder = _run_folder(settings, job, run_id)
    examples = _read_examples(folder / "train.jsonl")
    started = time.monotonic()
    torch.manual_seed(0)
    model = train.fine_tune(SpanModel(), examples, epochs=epochs)
    model.save(folder / "candidate", {"job": job, "run_id": run_id, "train_size": len(examples), "epochs": epochs})
    return {"job": job, "run_id": run_id, "train": len(examples), "seconds": round(time.monotonic() - started, 1)}


def evaluate_candidate(settings: Settings, job: str, run_id: str) -> dict[str, Any]:
    """Held-out exact match of the candidate and of the model the router uses now (the
    accepted version, or the untuned encoder when none was accepted yet)."""
    import torch

    from text2db.extractors import train
    from text2db.extractors.span_model import SpanModel, accepted_folder

    folder = _run_folder(settings, job, run_id)
    heldout = _read_examples(folder / "heldout.jsonl")
    current_folder = accepted_folder(_models_dir(settings))
    torch.manual_seed(0)
    current = SpanModel.load(current_folder) if current_folder else SpanModel()
    return {
        "job": job,
        "run_id": run_id,
        "heldout": len(heldout),
        "candidate": round(train.exact_match(SpanModel.load(folder / "candidate"), heldout), 4),
        "current": round(train.exact_match(current, heldout), 4),
        "current_version": current_folder.name if current_folder else None,
    }


def promote_if_better(settings: Settings, scores: dict[str, Any], min_gain: float = 0.0,
                      accept_exact: float = 0.5) -> dict[str, Any]:
    """Register the candidate as the accepted span model only when it beats the current one
    by more than `min_gain` and clears `accept_exact`; otherwise leave the router as it is."""
    import shutil

    job, run_id = scores["job"], scores["run_id"]
    better = scores["candidate"] > scores["current"] + min_gain and scores["candidate"] >= accept_exact
    result = scores | {"promoted": better, "min_gain": min_gain, "accept_exact": accept_exact}
    if better:
        root = _models_dir(settings) / "span_ft"
        version = time.strftime("v%Y%m%d-%H%M%S") + f"-{uuid.uuid4().hex[:6]}"
        shutil.copytree(_run_folder(settings, job, run_id) / "candidate", root / version)
        marker = root / "accepted.json"
        tmp = marker.with_suffix(".tmp")
        tmp.write_text(json.dumps({"version": version, "exact": scores["candidate"], "job": job, "run_id": run_id}))
        tmp.replace(marker)  # atomic: a router never reads half a marker
        result["version"] = version
    record_task_run(settings, run_id, job, "retrain_extractors", True, result)
    return result
