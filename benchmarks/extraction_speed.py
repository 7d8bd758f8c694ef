"""Extraction speed and LLM share on the redocred-dev texts: small-model-only vs routed.

    .venv/bin/python benchmarks/extraction_speed.py [--limit 150] [--routed-docs 10] [--llm-url URL]

Plans are built here the way a planner would from each instance's instruction and schema (the
columns the instruction names), which is measurement scaffolding, not product code. The cell
precision/recall printed at the end compares with the instances' gold aliases (meta.json),
an approximation of the TEXT2DB delta score for tracking the extractor alone.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import time
import socket
from pathlib import Path

from text2db.config import Settings
from text2db.extractors import registry
from text2db.extractors.configuration import ExtractorConfig
from text2db.extractors.pipeline import Extractor
from text2db.integrators.countries import country_name
from text2db.schemas.events import DocumentEvent, ExtractionEvent
from text2db.schemas.plan import ColumnPlan, Plan, TablePlan

BENCH = Path(__file__).resolve().parents[1].parent / "shared" / "benchmarks" / "redocred-dev"
PHRASES = {
    "birth": "date of birth", "death": "date of death", "birth_place": "place of birth", "death_place": "place of death",
    "citizenship": "citizenship", "educated_at": "school or university", "employer": "employer",
    "political_party": "political party", "record_label": "record label", "founded": "founding", "country": "country",
    "headquarters": "headquarters", "founder": "founder", "released": "release", "performer": "performer",
    "author": "author", "director": "director", "composer": "composer", "publisher": "publisher",
    "country_of_origin": "country of origin",
}
ENTITY = {"person": "person", "organization": "organization", "work": "creative work"}


def plan_for(inst: Path) -> tuple[str, Plan, dict]:
    data = json.loads((inst / "data.json").read_text())[0]
    meta = json.loads((inst / "meta.json").read_text())
    table = data["db_name"]
    key = meta["natural_keys"][table]
    with sqlite3.connect(inst / "output.sqlite") as con:
        names = [r[1] for r in con.execute(f'pragma table_info("{table}")') if r[1] not in ("id", key)]
    instruction = data["instruction"].lower()
    asked = [n for n in names if f'"{n}"' in instruction or PHRASES.get(n, n.replace("_", " ")) in instruction]
    asked = [n for n in asked if not (n == "country" and "country of" in instruction and table != "organization")]
    cols = [ColumnPlan(name=key, tool="key", question=f"name of the {ENTITY[table]}")]
    cols += [ColumnPlan(name=n, tool="relation", question=f"{PHRASES.get(n, n)} of the {ENTITY[table]}") for n in asked or names]
    op = {"row population": "row_population", "data infilling": "data_infilling", "column addition": "column_addition"}[data["task_type"]]
    plan = Plan(job=inst.name, instruction=data["instruction"], planner="bench", tables=[
        TablePlan(table=table, operation=op, entity=ENTITY[table], key=[key], columns=cols)])
    return data["text"], plan, meta["aliases"].get(table, {})


def _fold(s: object) -> str:
    s = re.sub(r"\s+", " ", str(s)).strip().casefold()
    return re.sub(r"^the ", "", s).replace(" - ", "-").replace(" , ", ", ")


def score(event: ExtractionEvent, gold: dict, columns: set[str]) -> tuple[int, int, int]:
    """(true positives, false positives, false negatives) of cells against gold aliases."""
    tp = fp = 0
    hit = set()
    for row in event.rows:
        g = next((g for g in gold.values() if _fold(row.key[0].value) in {_fold(k) for k in g["key"]}), None)
        for cell in row.cells:
            accepted = g["cells"].get(cell.column, []) if g else []
            ok = _fold(cell.value) in {_fold(a) for a in accepted} or (
                bool(accepted) and country_name(str(cell.value)) is not None
                and country_name(str(cell.value)) in {country_name(a) for a in accepted})
            tp, fp = tp + ok, fp + (not ok)
            if ok:
                hit.add((id(g), cell.column))
    fn = sum(1 for g in gold.values() for c in g["cells"] if c in columns and (id(g), c) not in hit)
    return tp, fp, fn


def run(instances: list[Path], settings: Settings, config: ExtractorConfig) -> dict[str, float]:
    secs = calls = tokens = small = llm = trained = tp = fp = fn = 0
    for inst in instances:
        text, plan, gold = plan_for(inst)
        extractor = Extractor(plan, settings, config)
        started = time.monotonic()
        event = extractor.extract(DocumentEvent(job=plan.job, document_id=inst.name, text=text))
        secs += time.monotonic() - started
        s = event.stats
        calls, tokens, small, llm = calls + s.llm_calls, tokens + s.llm_tokens, small + s.values_small_model, llm + s.values_llm
        trained += sum(c.tool == registry.SPAN_TRAINED.name for row in event.rows for c in row.cells)
        a, b, c = score(event, gold, {col.name for col in plan.tables[0].columns})
        tp, fp, fn = tp + a, fp + b, fn + c
    n = max(1, len(instances))
    p, r = tp / max(1, tp + fp), tp / max(1, tp + fn)
    return {"docs": len(instances), "s_per_doc": secs / n, "docs_per_s": n / max(secs, 1e-9), "llm_share": llm / max(1, small + llm), "trained_share": trained / max(1, small + llm),
            "llm_calls_per_doc": calls / n, "llm_tokens_per_doc": tokens / n, "values_per_doc": (small + llm) / n,
            "precision": p, "recall": r, "f1": 2 * p * r / max(1e-9, p + r)}


def _answers(url: str) -> bool:
    """A TCP connect: a busy llama.cpp server answers HTTP only between generations."""
    from urllib.parse import urlparse

    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 80), timeout=5):
            return True
    except OSError:
        return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=150)
    ap.add_argument("--routed-docs", type=int, default=10)
    ap.add_argument("--llm-url", default="http://127.0.0.1:8011/v1")
    ap.add_argument("--skip-small", action="store_true", help="Only the routed run.")
    args = ap.parse_args()
    instances = sorted(p for p in BENCH.iterdir() if (p / "data.json").exists())[: args.limit]
    Extractor(plan_for(instances[0])[1], Settings(llm_base_url=None)).extract(
        DocumentEvent(job="warm", document_id="warm", text="Warm up the models."))  # load models once, untimed
    rows = [] if args.skip_small else [("small-model only", run(instances, Settings(llm_base_url=None), ExtractorConfig()))]
    if args.routed_docs and _answers(args.llm_url):
        routed = Settings(llm_base_url=args.llm_url, llm_timeout_s=120)
        subset = instances[: args.routed_docs]
        rows.append(("small-only, same docs", run(subset, Settings(llm_base_url=None), ExtractorConfig())))
        rows.append(("routed (LLM fallback)", run(subset, routed, ExtractorConfig())))
    else:
        print(f"routed run skipped: no LLM answers at {args.llm_url}")
    for name, r in rows:
        print(f"{name:22s} docs={r['docs']:3d}  {r['s_per_doc']:.3f} s/doc  {r['docs_per_s']:.2f} docs/s  "
              f"LLM share={r['llm_share']:.1%}  LLM calls/doc={r['llm_calls_per_doc']:.2f}  "
              f"LLM tokens/doc={r['llm_tokens_per_doc']:.0f}  values/doc={r['values_per_doc']:.2f}  "
              f"cells P={r['precision']:.3f} R={r['recall']:.3f} F1={r['f1']:.3f}")


if __name__ == "__main__":
    main()
