"""Routing on a mixed feed (issue 16): accuracy, documents wrongly sent to a second job, ms/document.

The feed: every document of the given TEXT2DB-layout datasets (default redocred-dev and
xdomain-dev), labelled with its instance's kind (data.json `domain`, the table its documents
are about: 'airport->city' is an airport instance). One job per kind.

Each job's selection memory is built the way the product builds it - from a plan and a
database - using only `--build` instances per kind (chosen by a hash of their names, not by
hand): each is planned (rules, no LLM) on a copy of its input.sqlite, and its memory merged
into the job's; their documents become the job's accepted documents. Only the OTHER instances'
documents are routed and scored, so no scored document shaped the memory.
`--memory database` also adds the rows and keys of every instance's input.sqlite of the kind
(the job's database contents before the feed: no document and no gold answer), as in
production, where the router reads the job's own target database.

    .venv/bin/python benchmarks/routing_accuracy.py [--memory build|database] [--build 3] [--json]
        [--llm-url URL] [--set tie_margin=0.05 --set llm_calls_per_batch=100 ...]

With `--llm-url` the time spent waiting for the LLM is reported apart (`llm_ms_per_call`) from the
small models' time (`ms_per_document` excludes it; `ms_per_document_with_llm` includes it).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from sqlalchemy import create_engine

SHARED = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
DEFAULT_SETS = [SHARED / "redocred-dev", SHARED / "xdomain-dev"]


def kind_of(folder: Path) -> str:
    first = json.loads((folder / "data.json").read_text())[0]
    return str(first.get("domain") or first["db_name"]).split("->")[0]


def load_feed(sets: list[Path]) -> dict[str, list]:
    from text2db.quality.dataset import load_dataset

    by_kind: dict[str, list] = defaultdict(list)
    for dataset in sets:
        for instance in load_dataset(dataset):
            by_kind[kind_of(instance.folder)].append(instance)
    return by_kind


def build_memories(by_kind: dict[str, list], build: int, memory: str, config, work: Path):  # type: ignore[no-untyped-def]
    from text2db.config import Settings
    from text2db.planner.api import make_plan
    from text2db.routing.memory import build_memory, document_memory, read_table

    settings = Settings(home=work / "home", llm_base_url=None)
    memories, used = [], set()
    for kind, instances in sorted(by_kind.items()):
        chosen = sorted(instances, key=lambda i: hashlib.sha1(i.name.encode()).hexdigest())[:build]
        job = None
        for instance in chosen:
            db = work / f"{instance.name}.sqlite"
            shutil.copy(instance.input_path, db)
            engine = create_engine(f"sqlite:///{db}")
            plan = make_plan(engine, instance.instruction, kind, settings, llm=False, simulate=False).plan
            part = build_memory(engine, plan, config)
            leads, vectors = document_memory(instance.documents, config)
            part.add_documents(leads, vectors, config.documents_per_job)
            job = part if job is None else job.merge(part)
            used.add(instance.name)
            engine.dispose()
        assert job is not None
        if memory == "database":  # the job's database contents: rows and keys of every instance's input
            from text2db.routing.encoder import embed

            plan_tables = {t.table: t for t in plan.tables}
            rows: list[tuple[str, str]] = []
            for instance in instances:
                if instance.name in used:
                    continue
                engine = create_engine(f"sqlite:///file:{instance.input_path}?mode=ro&uri=true")
                for table in plan_tables.values():
                    table_rows, keys, _ = read_table(engine, table, config)
                    rows += [(table.table, r) for r in table_rows]
                    job.keys |= {k: table.table for k in keys}
                engine.dispose()
            rows = list(dict.fromkeys(rows))
            job.proto_tables += [t for t, _ in rows]
            job.proto_texts += [r for _, r in rows]
            job.protos = embed_stack(job.protos, embed([r for _, r in rows], config.max_tokens))
        memories.append(job)
    return memories, used


def embed_stack(a, b):  # type: ignore[no-untyped-def]
    import numpy as np

    return np.vstack([a, b])


def evaluate(router, feed: list[tuple[str, str, str]], batch: int) -> dict:  # type: ignore[no-untyped-def]
    from text2db.routing.scorer import Document

    router.route([Document("warmup", feed[0][1])])
    router.llm_calls, router.llm_seconds = 0, 0.0
    decisions, started = [], time.perf_counter()
    for i in range(0, len(feed), batch):
        part = feed[i : i + batch]
        decisions += router.route([Document(doc_id, text) for doc_id, text, _ in part])
    seconds = time.perf_counter() - started
    llm_seconds = router.llm_seconds
    counts: Counter = Counter()
    by_source: dict[str, Counter] = defaultdict(Counter)
    for (doc_id, _, label), decision in zip(feed, decisions):
        jobs = [c.job for c in decision.chosen]
        source = "redocred" if doc_id.startswith("redocred") else "xdomain"
        for bucket in (counts, by_source[source]):
            bucket["documents"] += 1
            bucket["correct"] += label in jobs
            bucket["top1"] += bool(jobs) and jobs[0] == label
            bucket["second_wrong"] += any(j != label for j in jobs) and label in jobs
            bucket["wrong_only"] += bool(jobs) and label not in jobs
            bucket["unrouted"] += not jobs
            bucket["multi"] += len(jobs) > 1
            bucket["llm"] += decision.decided_by == "llm"
    def rates(c: Counter) -> dict:
        n = c["documents"]
        return {"documents": n, "accuracy": round(c["correct"] / n, 4), "top1_accuracy": round(c["top1"] / n, 4),
                "wrong_second_job": round(c["second_wrong"] / n, 4), "wrong_job_only": round(c["wrong_only"] / n, 4),
                "unrouted": round(c["unrouted"] / n, 4), "sent_to_several": round(c["multi"] / n, 4),
                "llm_decided": c["llm"]}
    confusion = Counter((label, d.chosen[0].job if d.chosen else "-") for (_, _, label), d in zip(feed, decisions))
    return {"overall": rates(counts), "by_source": {s: rates(c) for s, c in sorted(by_source.items())},
            "ms_per_document": round((seconds - llm_seconds) / len(feed) * 1000, 2),
            "ms_per_document_with_llm": round(seconds / len(feed) * 1000, 2),
            "llm_ms_per_call": round(llm_seconds / router.llm_calls * 1000) if router.llm_calls else None,
            "confusions": {f"{a} -> {b}": n for (a, b), n in confusion.most_common() if a != b}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("datasets", nargs="*", type=Path, default=DEFAULT_SETS)
    parser.add_argument("--build", type=int, default=3, help="Instances per kind whose database, plan and documents build the memory.")
    parser.add_argument("--memory", choices=["build", "database"], default="build")
    parser.add_argument("--batch", type=int, default=100, help="Documents routed per call (a consumer's batch).")
    parser.add_argument("--llm-url", default=None, help="OpenAI-compatible endpoint for tie-breaks (default: none).")
    parser.add_argument("--llm-model", default="qwen2.5-coder-1.5b", help="Model name sent to the LLM endpoint.")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                        help="Override a RouterConfig field (e.g. tie_margin=0.05, llm_calls_per_batch=100, subject_weight=0).")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    from text2db.routing.configuration import RouterConfig
    from text2db.routing.scorer import Router

    config = RouterConfig(**dict(pair.split("=", 1) for pair in args.set))
    by_kind = load_feed(args.datasets)
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        memories, used = build_memories(by_kind, args.build, args.memory, config, Path(tmp))
        build_s = time.perf_counter() - started
    feed = [(f"{i.name}#{n}", text, kind) for kind, instances in by_kind.items() for i in instances
            if i.name not in used for n, text in enumerate(i.documents)]
    random.Random(16).shuffle(feed)  # a mixed feed: kinds interleaved
    tiebreak = None
    if args.llm_url:
        from text2db.routing.tiebreak import llm_tiebreaker

        tiebreak = llm_tiebreaker(args.llm_url, config, memories, model=args.llm_model)
    router = Router(memories, config, tiebreak)
    result = evaluate(router, feed, args.batch)
    result |= {"jobs": sorted(m.job for m in memories), "memory": args.memory, "build_instances_per_job": args.build,
               "held_out_documents": len(feed), "memory_build_seconds": round(build_s, 1),
               "keys": sum(len(m.keys) for m in memories), "llm_calls": router.llm_calls,
               "config_overrides": args.set}
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        print()
        return
    o = result["overall"]
    print(f"jobs: {', '.join(result['jobs'])}; memory: {args.memory}, {args.build} instances per job; "
          f"{len(feed)} held-out documents")
    print(f"accuracy {o['accuracy']:.1%} (target >= 95%), top-1 {o['top1_accuracy']:.1%}, "
          f"wrongly sent to a second job {o['wrong_second_job']:.1%} (target <= 2%), wrong job only {o['wrong_job_only']:.1%}, "
          f"unrouted {o['unrouted']:.1%}; {result['ms_per_document']} ms/document (target <= 20)")
    if router.llm_calls:
        print(f"LLM: {router.llm_calls} tie-breaks, {o['llm_decided']} decided, {result['llm_ms_per_call']} ms per call, "
              f"{result['ms_per_document_with_llm']} ms/document with the LLM")
    for source, r in result["by_source"].items():
        print(f"  {source}: {r['documents']} documents, accuracy {r['accuracy']:.1%}, second job {r['wrong_second_job']:.1%}, unrouted {r['unrouted']:.1%}")
    print("  most frequent confusions:", ", ".join(f"{k} {v}" for k, v in list(result["confusions"].items())[:8]))


if __name__ == "__main__":
    main()
