"""The local stack on real processes: up/down/status through stack.json, and durable mode
where a broker restart loses no committed work and a live consumer recovers."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/fakes.py

from fakes import FAST, PgRowIntegrator, WordCountExtractor, count_rows  # noqa: E402
from sqlalchemy import create_engine  # noqa: E402

from text2db.config import Settings  # noqa: E402
from text2db.consumers.extractor import run_extractor  # noqa: E402
from text2db.consumers.integrator import run_integrator  # noqa: E402
from text2db.consumers.kafka import bootstrap_servers  # noqa: E402
from text2db.consumers.loop import Limits, StopFlag  # noqa: E402
from text2db.consumers.publish import publish  # noqa: E402
from text2db.infra import broker, stack  # noqa: E402
from text2db.infra.exceptions import BrokerNotRunning, BrokerStartFailed  # noqa: E402
from text2db.schemas.events import DocumentEvent  # noqa: E402

REPO_HOME = Path(__file__).resolve().parents[2] / ".text2db"  # s3rver is installed once, here


def test_stack_up_status_down(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path)
    with pytest.raises(BrokerNotRunning):
        bootstrap_servers(settings)
    state, started = stack.stack_up(settings)
    try:
        assert started and state.mode == "memory" and state.broker_up()
        assert bootstrap_servers(settings) == f"127.0.0.1:{state.port}"
        again, started_again = stack.stack_up(settings)
        assert not started_again and again.broker_pid == state.broker_pid
    finally:
        stack.stack_down(settings)
    assert not broker.pid_alive(state.broker_pid)
    assert stack.read_state(settings) is None


def docs(start: int, n: int) -> list[DocumentEvent]:
    return [DocumentEvent(job="fake", document_id=f"doc-{i:04d}", text=f"film {i}") for i in range(start, start + n)]


@pytest.mark.slow
def test_durable_broker_restart_keeps_committed_work(tmp_path: Path, pg_url: str) -> None:
    """Committed offsets, records and rows survive a broker restart; a live consumer rejoins."""
    engine = create_engine(pg_url)
    integrator = PgRowIntegrator(engine)
    store = broker.start_durable_store(REPO_HOME, tmp_path / "s3", tmp_path)
    first = broker.start_broker(tmp_path / "broker1.log", s3_port=store.port)
    settings = Settings(bootstrap_servers=first.address, topic_prefix="durable", home=tmp_path)
    extractor = WordCountExtractor()
    caught_up = Limits(until_caught_up=True, idle_timeout_s=30)
    live = second = None
    stop = StopFlag()
    try:
        publish(settings, docs(0, 20))
        assert run_extractor(settings, "x", lambda j, v: extractor, FAST, caught_up) == 20
        live = threading.Thread(target=run_integrator, args=(settings, "i", lambda j, v: integrator, FAST), kwargs={"stop": stop})
        live.start()
        wait_for_rows(engine, 20)

        # Restart on the SAME port (the live consumer knows only that address) once it is free.
        broker.stop(first.pid)
        second = restart_on(first.port, tmp_path / "broker2.log", store.port)
        publish(settings, docs(20, 10))
        # The extractor group resumes from its committed offsets: only the 10 new documents.
        assert run_extractor(settings, "x", lambda j, v: extractor, FAST, caught_up) == 10
        wait_for_rows(engine, 30)  # the live integrator rejoined after the restart
        assert count_rows(engine) == {d.document_id: 1 for d in docs(0, 30)}
    finally:
        stop.set()
        if live is not None:
            live.join(timeout=30)
        for started in (first, second):
            if started is not None:
                broker.stop(started.pid)
        store.stop()
        engine.dispose()


def restart_on(port: int, log: Path, s3_port: int) -> broker.Started:
    """A port just freed by a broker stays busy for ~5 s: retry until the new broker holds it."""
    deadline = time.monotonic() + 30
    while True:
        try:
            return broker.start_broker(log, port=port, s3_port=s3_port, timeout=3)
        except BrokerStartFailed:
            if time.monotonic() > deadline:
                raise
            time.sleep(1)


def wait_for_rows(engine, n: int, timeout: float = 45) -> None:
    deadline = time.monotonic() + timeout
    while len(count_rows(engine)) < n:
        if time.monotonic() > deadline:
            pytest.fail(f"only {len(count_rows(engine))} of {n} rows after {timeout} s")
        time.sleep(0.5)
