"""Consumer startup to first document (issue 14): seconds from launching `text2db consume
extract` until the extraction of a document already waiting on the topic is produced, with the
warm start (models and stages built while the consumer joins its group) on and off, alternating
in the same run on the same broker and database. Also: `text2db --help` (interpreter and CLI
imports) and the process's exit.

    .venv/bin/python benchmarks/consumer_startup.py [--rounds 3] [--json]

Each launch uses a new consumer group, so it reads the waiting document from the beginning; the
extraction's produce time is the record's timestamp on the extractions topic. The sample films
database and one of its documents are the target and the document; no LLM is configured."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from kafka import TopicPartition

from text2db.config import Settings
from text2db.consumers import demo
from text2db.consumers.kafka import ensure_topics, make_consumer
from text2db.consumers.publish import collect_documents, publish
from text2db.consumers.stages import target_engine
from text2db.infra import broker

TEXT2DB = str(Path(sys.executable).with_name("text2db"))


def extraction_times(settings: Settings) -> list[float]:
    """Producer timestamps (s since the epoch) of every record on the extractions topic."""
    reader = make_consumer(settings, None, consumer_timeout_ms=1000)
    try:
        topic = settings.topics["extractions"]
        parts = [TopicPartition(topic, p) for p in reader.partitions_for_topic(topic) or []]
        reader.assign(parts)
        reader.seek_to_beginning(*parts)
        return [record.timestamp / 1000 for record in reader]
    finally:
        reader.close()


def launch(settings: Settings, group: str, warm: bool) -> dict[str, float]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXT2DB_")}
    env |= {"TEXT2DB_BOOTSTRAP_SERVERS": settings.bootstrap_servers or "", "TEXT2DB_DB_URL": settings.db_url,
            "TEXT2DB_TOPIC_PREFIX": settings.topic_prefix, "TEXT2DB_HOME": str(settings.home),
            "TEXT2DB_CONSUMER_WARM_START": str(warm).lower()}
    before = len(extraction_times(settings))
    started = time.time()
    subprocess.run([TEXT2DB, "consume", "extract", "--group", group, "--max-messages", "1"], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
    exited = time.time()
    new = extraction_times(settings)[before:]
    if not new:
        raise RuntimeError(f"group {group} produced no extraction")
    return {"to_first_document_s": round(min(new) - started, 2), "to_exit_s": round(exited - started, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="launches per variant (alternating)")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of lines")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        started_broker = broker.start_broker(Path(tmp) / "broker.log")
        try:
            settings = Settings(bootstrap_servers=started_broker.address, topic_prefix="startup", home=Path(tmp),
                                db_url=f"sqlite:///{tmp}/target.sqlite", llm_base_url=None)
            engine = target_engine(settings)
            demo.load_sample_database(engine)
            plan = demo.job_plan(engine, settings.model_copy(update={"llm_base_url": None}))
            ensure_topics(settings)
            document = collect_documents([str(demo.SAMPLES / "documents")], demo.JOB, plan.version)[0]
            publish(settings, [document])
            started = time.time()
            subprocess.run([TEXT2DB, "--help"], check=True, stdout=subprocess.DEVNULL)
            cli_s = round(time.time() - started, 2)
            runs: dict[str, list[dict[str, float]]] = {"warm": [], "cold": []}
            for round_no in range(args.rounds):
                for variant in ("warm", "cold"):
                    runs[variant].append(launch(settings, f"startup-{variant}-{round_no}", variant == "warm"))
                    if not args.json:
                        print(f"round {round_no + 1} {variant}: {runs[variant][-1]}", flush=True)
        finally:
            broker.stop(started_broker.pid)
    summary: dict[str, Any] = {"cli_help_s": cli_s, "runs": runs}
    for variant, values in runs.items():
        median = statistics.median(v["to_first_document_s"] for v in values)
        summary[f"{variant}_median_to_first_document_s"] = round(median, 2)
    if args.json:
        print(json.dumps(summary, indent=2))
        return
    print(f"`text2db --help`: {cli_s} s (interpreter and CLI imports)")
    for variant in runs:
        print(f"{variant:5s} start: median {summary[f'{variant}_median_to_first_document_s']} s to the first "
              f"document's extraction ({[v['to_first_document_s'] for v in runs[variant]]})")


if __name__ == "__main__":
    main()
