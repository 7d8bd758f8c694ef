"""Small REAL stages for the backbone tests, standing in for the extractors/integrators
packages: the extractor is pure Python, the integrator writes real rows to PostgreSQL with
INSERT ... ON CONFLICT DO NOTHING in one transaction per batch, so idempotency is real.

Run as a script to host one consumer in its own process (the SIGKILL soak test):
    python tests/fakes.py extract|integrate BOOTSTRAP PREFIX GROUP PG_URL [DELAY_S]
(DELAY_S per record slows a stage down so a test can kill it mid-stream.)
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence

from sqlalchemy import Column, MetaData, String, Table, create_engine, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

from text2db.consumers.configuration import ConsumerConfig
from text2db.errors import ServiceUnavailable, Terminal, Text2DbError
from text2db.schemas.events import CandidateRow, Cell, DocumentEvent, ExtractionEvent
from text2db.schemas.plan import ColumnPlan, Plan, TablePlan
from text2db.schemas.rows import ApplyReport

FAST = ConsumerConfig(backoff_initial_s=0.05, backoff_max_s=0.2, max_attempts=3)  # quick retries in tests
POISON_MARK = "POISON-ROW"  # a document whose extraction the integrator rejects (Terminal)
FLAKY_MARK = "FLAKY"  # the extractor fails Transiently on its first try for these documents

FAKE_PLAN = Plan(
    job="fake",
    instruction="one row per document",
    planner="tests.fakes",
    tables=[
        TablePlan(
            table="doc_rows",
            operation="row_population",
            entity="document",
            key=["document_id"],
            columns=[ColumnPlan(name="words", tool="attribute", question="how many words")],
        )
    ],
)

metadata = MetaData()
doc_rows = Table(
    "doc_rows",
    metadata,
    Column("job", String, primary_key=True),
    Column("document_id", String, primary_key=True),
    Column("row_key", String, primary_key=True),
    Column("words", String),
)
# Every application of an event, without a key: shows how often redelivery happened.
apply_log = Table("apply_log", metadata, Column("document_id", String), Column("pid", String))


class RejectedRow(Text2DbError, Terminal):
    """The fake integrator's check failure."""


class WordCountExtractor:
    """One candidate row per document: its word count. Fails once, Transiently, on FLAKY text."""

    plan = FAKE_PLAN

    def __init__(self, delay_s: float = 0.0) -> None:
        self.failed_once: set[str] = set()
        self.delay_s = delay_s
        self.seen: set[str] = set()  # documents extracted (for tests that wait on a running consumer)

    def extract(self, document: DocumentEvent) -> ExtractionEvent:
        if FLAKY_MARK in document.text and document.document_id not in self.failed_once:
            self.failed_once.add(document.document_id)
            raise ServiceUnavailable("flaky extractor: try again")
        time.sleep(self.delay_s)
        key = Cell(column="document_id", value=document.document_id, confidence=1.0, tool="tests.fakes")
        words = Cell(column="words", value=len(document.text.split()), confidence=1.0, tool="tests.fakes")
        row = CandidateRow(table="doc_rows", key=[key], cells=[words])
        self.seen.add(document.document_id)
        return ExtractionEvent(job=document.job, document_id=document.document_id, plan_version=1, rows=[row])


class PgRowIntegrator:
    """Inserts each candidate row once per (job, document, row key), all in one transaction."""

    plan = FAKE_PLAN

    def __init__(self, engine: Engine, delay_s: float = 0.0) -> None:
        self.engine = engine
        self.delay_s = delay_s
        metadata.create_all(engine)

    def apply(self, events: Sequence[ExtractionEvent]) -> ApplyReport:
        report = ApplyReport()
        try:
            with self.engine.begin() as conn:
                for event in events:
                    for row in event.rows:
                        words = next(c.value for c in row.cells if c.column == "words")
                        values = dict(job=event.job, document_id=event.document_id, row_key=row.row_key, words=str(words))
                        if POISON_MARK in event.document_id:
                            raise RejectedRow(f"document {event.document_id} violates the fake check")
                        inserted = conn.execute(insert(doc_rows).values(**values).on_conflict_do_nothing()).rowcount
                        report.table("doc_rows").rows_inserted += inserted
                    conn.execute(apply_log.insert().values(document_id=event.document_id, pid=str(os.getpid())))
                    report.events_applied += 1
                    time.sleep(self.delay_s)
        except OperationalError as exc:
            raise ServiceUnavailable(f"database away: {exc}") from exc
        return report


def poll_until(condition: Callable[[], bool], timeout: float, every: float = 0.1) -> bool:
    """True as soon as `condition()` holds, False after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return False


def wait_for(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Fail the test when `condition()` does not hold within `timeout` seconds, with every thread's
    stack in the report: a consumer thread that stopped making progress (stuck in a call, or
    polling a group it no longer belongs to) shows where it is, which a rare CI failure otherwise
    never tells."""
    if not poll_until(condition, timeout, every=0.2):
        import pytest

        pytest.fail(f"timed out after {timeout} s waiting for {what}\n{thread_stacks()}")


def thread_stacks() -> str:
    """The current stack of every live thread, named."""
    import threading
    import traceback

    names = {t.ident: t.name for t in threading.enumerate()}
    return "\n".join(f"--- thread {names.get(ident, ident)}\n{''.join(traceback.format_stack(frame))}"
                     for ident, frame in sys._current_frames().items())


def count_rows(engine: Engine) -> dict[str, int]:
    """document_id -> how many rows it has in doc_rows."""
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT document_id, count(*) FROM doc_rows GROUP BY document_id")).all()
    return {doc: n for doc, n in rows}


def count_applications(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT count(*) FROM apply_log")).scalar_one())


def _main(argv: list[str]) -> None:
    from text2db.config import Settings
    from text2db.consumers.extractor import run_extractor
    from text2db.consumers.integrator import run_integrator
    from text2db.consumers.loop import StopFlag

    stage, bootstrap, prefix, group, pg_url = argv[:5]
    delay_s = float(argv[5]) if len(argv) > 5 else 0.0
    settings = Settings(bootstrap_servers=bootstrap, topic_prefix=prefix)
    stop = StopFlag().install_signal_handlers()
    if stage == "extract":
        extractor = WordCountExtractor(delay_s)
        run_extractor(settings, group, lambda job, version: extractor, stop=stop)
    else:
        integrator = PgRowIntegrator(create_engine(pg_url), delay_s)
        run_integrator(settings, group, lambda job, version: integrator, stop=stop)


if __name__ == "__main__":
    _main(sys.argv[1:])
