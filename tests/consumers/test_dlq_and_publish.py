"""Dead letters can be listed and replayed once the cause is fixed; publishing is idempotent;
the CLI prints one-line errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from fakes import FAKE_PLAN, FAST, RejectedRow, WordCountExtractor, count_rows

from text2db.consumers.deadletter import list_dead_letters, replay
from text2db.consumers.extractor import run_extractor
from text2db.consumers.integrator import run_integrator
from text2db.consumers.loop import Limits
from text2db.consumers.publish import collect_documents, publish
from text2db.planner.store import save_plan
from text2db.schemas.events import DocumentEvent

CAUGHT_UP = Limits(until_caught_up=True, idle_timeout_s=30)
TEXT2DB = Path(sys.executable).with_name("text2db")


class BrokenExtractor(WordCountExtractor):
    """Refuses every document (Terminal) while `broken`: a bug fixed later, then replayed."""

    broken = True

    def extract(self, document: DocumentEvent):
        if self.broken:
            raise RejectedRow(f"extractor bug on {document.document_id}")
        return super().extract(document)


def test_replay_is_idempotent_and_recovers_after_the_fix(kafka_settings, kafka_names, fake_integrator, pg_engine) -> None:
    # issue 13 item 7: replaying twice without a fix doubled the letters (18 -> 36 -> 72).
    docs = [DocumentEvent(job="fake", document_id=f"doc-{i}", text=f"text {i}") for i in range(5)]
    publish(kafka_settings, docs)
    extractor = BrokenExtractor()

    def extract() -> None:
        run_extractor(kafka_settings, kafka_names.group("x"), lambda j, v: extractor, FAST, CAUGHT_UP)

    extract()
    letters = list_dead_letters(kafka_settings, reason="RejectedRow")
    assert sorted(letter.document_id for letter in letters) == [d.document_id for d in docs]
    assert all(not letter.retryable and letter.attempts == 1 for letter in letters)

    assert replay(kafka_settings, letters + letters) == 5  # the same letter twice is sent once
    assert replay(kafka_settings, list_dead_letters(kafka_settings)) == 0  # in flight: nothing to send again
    extract()  # still broken: each record fails again and answers its replay
    assert len(list_dead_letters(kafka_settings)) == 5
    assert replay(kafka_settings, list_dead_letters(kafka_settings)) == 5
    extract()
    assert len(list_dead_letters(kafka_settings, include_in_flight=True)) == 5  # not 20

    extractor.broken = False
    assert replay(kafka_settings, list_dead_letters(kafka_settings)) == 5
    extract()
    run_integrator(kafka_settings, kafka_names.group("i"), lambda j, v: fake_integrator, FAST, CAUGHT_UP)
    assert count_rows(pg_engine) == {d.document_id: 1 for d in docs}
    assert list_dead_letters(kafka_settings) == []  # replayed and not failed since


def test_publishing_the_same_files_twice_gives_the_same_ids(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Alien is a 1979 film by Ridley Scott.")
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "b.jsonl").write_text('{"text": "Heat (1995)"}\n\n{"text": "Ran (1985)", "document_id": "ran"}\n')
    (tmp_path / "skip.bin").write_bytes(b"\x00\x01")
    first = collect_documents([str(tmp_path)], "films", None)
    second = collect_documents([str(tmp_path)], "films", None)
    assert [d.document_id for d in first] == [d.document_id for d in second]
    assert len(first) == 3 and "ran" in {d.document_id for d in first}
    assert len({d.document_id for d in first}) == 3


def run_cli(args: list[str], settings, stdin: str | None = None, db_url: str = "") -> subprocess.CompletedProcess:
    env = os.environ | {"TEXT2DB_BOOTSTRAP_SERVERS": settings.bootstrap_servers, "TEXT2DB_TOPIC_PREFIX": settings.topic_prefix}
    env |= {"TEXT2DB_DB_URL": db_url} if db_url else {}
    done = subprocess.run([str(TEXT2DB), *args], input=stdin, capture_output=True, text=True, env=env, timeout=120)
    # rich wraps at 80 columns when not on a terminal: compare the error as one line
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout, " ".join(done.stderr.split()))


def test_cli_publish_stdin_dlq_and_errors(kafka_settings, tmp_path: Path, pg_engine, pg_url: str) -> None:
    save_plan(pg_engine, FAKE_PLAN.model_copy(update={"job": "films"}))
    done = run_cli(["publish", "-", "--job", "films"], kafka_settings, '{"text": "Heat (1995)"}\n\xff{broken\n')
    assert done.returncode == 2 and done.stderr.startswith("error: stdin line 2: not JSON")
    assert "Traceback" not in done.stderr
    done = run_cli(["publish", "-", "--job", "films"], kafka_settings, '{"text": "Heat (1995)"}\n{"text": "Ran"}\n', pg_url)
    assert done.returncode == 0, done.stderr
    assert "published 2 documents" in done.stdout
    done = run_cli(["dlq", "replay", "--dry-run"], kafka_settings)
    assert done.returncode == 0 and "would replay 0 dead letters" in done.stdout
    done = run_cli(["lag"], kafka_settings)
    assert done.returncode == 0 and f"{kafka_settings.topic_prefix}.documents" in done.stdout
    done = run_cli(["publish", str(tmp_path / "missing")], kafka_settings)
    assert done.returncode == 2 and "no such file or folder" in done.stderr
