"""200 documents through 2 extractor and 2 integrator PROCESSES; one of each is SIGKILLed
mid-stream. The survivors take the partitions over and every document's row is in
PostgreSQL exactly once, although some events were applied more than once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fakes import count_applications, count_rows, wait_for

from text2db.consumers.publish import publish
from text2db.schemas.events import DocumentEvent

FAKES = Path(__file__).resolve().parents[1] / "fakes.py"
DOCUMENTS = 200


def start(stage: str, settings, group: str, pg_url: str, delay_s: float, log: Path) -> subprocess.Popen:
    args = [sys.executable, str(FAKES), stage, settings.bootstrap_servers, settings.topic_prefix, group, pg_url]
    out = log.open("w")
    return subprocess.Popen([*args, str(delay_s)], stdout=out, stderr=subprocess.STDOUT)


@pytest.mark.slow
def test_sigkill_one_of_each_stage_loses_nothing(kafka_settings, kafka_names, pg_url, pg_engine, fake_integrator, tmp_path):
    documents = [DocumentEvent(job="fake", document_id=f"doc-{i:04d}", text=f"film number {i}") for i in range(DOCUMENTS)]
    publish(kafka_settings, documents)
    procs = {
        name: start(stage, kafka_settings, kafka_names.group(stage), pg_url, delay, tmp_path / f"{name}.log")
        for name, stage, delay in [
            ("x1", "extract", 0.03), ("x2", "extract", 0.03), ("i1", "integrate", 0.01), ("i2", "integrate", 0.01),
        ]
    }
    try:
        wait_for(lambda: len(count_rows(pg_engine)) >= 40, 60, "the first 40 rows")
        for name in ("x1", "i1"):
            os.kill(procs[name].pid, signal.SIGKILL)
        wait_for(lambda: len(count_rows(pg_engine)) >= DOCUMENTS, 60, f"{DOCUMENTS} rows after the kills")
        time.sleep(1)  # a late duplicate, if any, would land now
        assert count_rows(pg_engine) == {d.document_id: 1 for d in documents}
        assert count_applications(pg_engine) >= DOCUMENTS
        # Survivors shut down cleanly on SIGTERM: finish the batch, commit, leave the group.
        for name in ("x2", "i2"):
            procs[name].send_signal(signal.SIGTERM)
        for name in ("x2", "i2"):
            assert procs[name].wait(timeout=20) == 0, (tmp_path / f"{name}.log").read_text()[-2000:]
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    print(f"\napplications {count_applications(pg_engine)} for {DOCUMENTS} documents (redeliveries absorbed)")
