"""Learning curve of one job over a feed (issue 11): F1, the LLM's share of values and seconds per
document for each window of documents, as the job's student takes over from the LLM.

    .venv/bin/python benchmarks/feed_curve.py [FEED_DIR] [--window 50] [--limit N] [--no-llm] [--json]

FEED_DIR defaults to ../shared/benchmarks/feeds/feed_e2e_dev_rp. One extractor (so one student)
reads the documents in feed order; each document is integrated as it comes. The LLM is
TEXT2DB_LLM_BASE_URL, else the local server when it runs. A window is scored with the TEXT2DB
metric restricted to the facts whose row key is one of the window's gold keys or a key the
extractor emitted for one of the window's documents.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import create_engine

from text2db.config import get_settings
from text2db.extractors.pipeline import build_extractor
from text2db.extractors.student import Student
from text2db.infra import llm as local_llm
from text2db.integrators.exceptions import ChecksFailed
from text2db.integrators.pipeline import build_integrator
from text2db.planner.api import make_plan
from text2db.quality.dataset import load_instance
from text2db.quality.delta import database_delta
from text2db.quality.score import fold, match
from text2db.schemas.events import DocumentEvent, document_id_for

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "benchmarks" / "feeds" / "feed_e2e_dev_rp"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("feed", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--window", type=int, default=50)
    ap.add_argument("--limit", type=int, default=None, help="only the first N documents")
    ap.add_argument("--no-llm", action="store_true")
    ap.add_argument("--json", action="store_true", help="print the windows as JSON")
    args = ap.parse_args()

    instance = load_instance(args.feed)
    meta = instance.meta()
    gold_keys = [fold(k) for k in meta["feed"]]
    docs = instance.documents[: args.limit]
    settings = get_settings()
    if args.no_llm:
        settings = settings.model_copy(update={"llm_base_url": None})
    elif settings.llm_base_url is None and local_llm.status(settings).get("running"):
        settings = settings.model_copy(update={"llm_base_url": str(local_llm.status(settings)["base_url"])})
    work = Path(tempfile.mkdtemp(prefix="feed-")) / "output.sqlite"
    shutil.copyfile(instance.input_path, work)
    engine = create_engine(f"sqlite:///{work}")
    plan = make_plan(engine, instance.instruction, "feed", settings.model_copy(update={"llm_base_url": None}),
                     documents=docs[:20]).plan
    extractor = build_extractor(plan, settings, engine)
    integrator = build_integrator(engine, plan, settings)
    windows = []
    for w0 in range(0, len(docs), args.window):
        batch = docs[w0:w0 + args.window]
        started, small, llm, calls, emitted, refused = time.perf_counter(), 0, 0, 0, set(), 0
        for i, text in enumerate(batch, w0):
            event = extractor.extract(DocumentEvent(job="feed", document_id=document_id_for(text, f"feed#{i}"), text=text))
            try:
                integrator.apply([event])
            except ChecksFailed as exc:  # the consumer dead-letters such a batch; the curve counts it
                refused += 1
                print(f"document {i + 1}: {exc}", file=sys.stderr)
            small, llm, calls = small + event.stats.values_small_model, llm + event.stats.values_llm, calls + event.stats.llm_calls
            emitted |= {fold(r.key[0].value) for r in event.rows if r.key}
        seconds = time.perf_counter() - started
        windows.append({"documents": f"{w0 + 1}-{w0 + len(batch)}", "keys": set(gold_keys[w0:w0 + len(batch)]) | emitted,
                        "seconds_per_document": round(seconds / len(batch), 3), "llm_calls": calls,
                        "refused_by_checks": refused,
                        "llm_share": round(llm / (small + llm), 3) if small + llm else 0.0})
        windows[-1]["untrusted"] = _untrusted(extractor.student)
        print(f"documents {windows[-1]['documents']}: {windows[-1]['seconds_per_document']} s/doc, "
              f"LLM share {windows[-1]['llm_share']}, {calls} LLM calls, {refused} refused by the checks; "
              f"not yet trusted: {windows[-1]['untrusted'] or 'none'}", file=sys.stderr)
    engine.dispose()
    keys = meta.get("natural_keys") or {}
    gold = database_delta(instance.input_path, instance.gold_path, keys)
    pred = database_delta(instance.input_path, work, keys)
    for w in windows:
        wg = {f for f in gold if fold(f.key) in w["keys"]}
        wp = {f for f in pred if fold(f.key) in w["keys"]}
        _strict, lenient, _m, _e = match(wg, wp, meta)
        p = lenient.tp / lenient.pred if lenient.pred else 0.0
        r = lenient.tp / lenient.gold if lenient.gold else 0.0
        w["lenient_f1"] = round(100 * 2 * p * r / (p + r), 1) if p + r else 0.0
        del w["keys"]
    if args.json:
        print(json.dumps({"llm": settings.llm_base_url, "windows": windows}, indent=2))
        return
    print(f"{'documents':>10} {'lenient F1':>10} {'LLM share':>9} {'LLM calls':>9} {'s/doc':>7} {'refused':>7}")
    for w in windows:
        print(f"{w['documents']:>10} {w['lenient_f1']:>10} {w['llm_share']:>9} {w['llm_calls']:>9} "
              f"{w['seconds_per_document']:>7} {w['refused_by_checks']:>7}")


def _untrusted(student: Student) -> dict[str, str]:
    """Why the LLM is still asked: each column the student does not trust yet, with its recent
    agreement with the LLM (agreeing checks / checks)."""
    return {f"{table}.{column}": f"{sum(seen)}/{len(seen)}" for (table, column), seen in sorted(student.untrusted().items())}


if __name__ == "__main__":
    main()
