"""Issue 13 item 3: `stack down` then `stack up` under a running consumer. The broker comes back
on the same port, so the consumer (which resolved the address when it started) recovers by
itself and processes what is published after the restart.

The local broker keeps its log in memory: the restarted one numbers its records from 0 again.
A consumer that kept its old positions (or rewound a batch the restart interrupted to its old
offsets) would skip the new records below them."""

from __future__ import annotations

import logging
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from fakes import FAST, WordCountExtractor, poll_until, wait_for  # noqa: E402

from text2db.config import Settings
from text2db.consumers.extractor import run_extractor
from text2db.consumers.kafka import ensure_topics, make_admin
from text2db.consumers.loop import StopFlag
from text2db.consumers.publish import publish
from text2db.infra.stack import stack_down, stack_up
from text2db.schemas.events import DocumentEvent


def _extractor_consumer(settings: Settings) -> tuple[WordCountExtractor, StopFlag, threading.Thread]:
    """An extractor consumer on its own thread (not started), with the flag that stops it."""
    extractor, stop = WordCountExtractor(), StopFlag()
    consumer = threading.Thread(target=run_extractor, args=(settings, f"{settings.topic_prefix}-x", lambda j, v: extractor, FAST),
                                kwargs={"stop": stop})
    return extractor, stop, consumer


@pytest.mark.slow
def test_a_restarted_stack_keeps_its_port_and_consumers_recover(tmp_path: Path,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    # It failed once in CI and once in 43 local runs (the consumer never saw the documents published after the
    # restart, and no heartbeat reported the lost membership): on a failure, the group's joins and
    # heartbeats are in the captured log and every thread's stack is in the report (wait_for). That
    # state (old membership, old positions, offsets lost) is what loop.notice_lost_offsets now
    # mends when it looks before the new documents reach the old positions; see the next test.
    caplog.set_level(logging.INFO, logger="kafka.coordinator")
    settings = Settings(home=tmp_path / "home", bootstrap_servers=None, topic_prefix=f"t{uuid.uuid4().hex[:8]}")
    first, _ = stack_up(settings)
    extractor, stop, consumer = _extractor_consumer(settings)
    try:
        before = [DocumentEvent(job="fake", document_id=f"before-{i}", text=f"film {i}") for i in range(5)]
        publish(settings, before)
        consumer.start()
        wait_for(lambda: len(extractor.seen) >= 5, 60, "the documents published before the restart")
        stack_down(settings)
        second, started = stack_up(settings)
        assert started and second.port == first.port and second.broker_pid != first.broker_pid
        after = [DocumentEvent(job="fake", document_id=f"after-{i}", text=f"film {i}") for i in range(5)]
        publish(settings, after)
        wait_for(lambda: {d.document_id for d in after} <= extractor.seen, 90, "the documents published after the restart")
        assert consumer.is_alive()
    finally:
        stop.set()
        consumer.join(timeout=30)
        stack_down(settings)


@pytest.mark.slow
def test_a_batch_interrupted_by_a_restart_does_not_make_the_consumer_skip_the_new_log(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "home", bootstrap_servers=None, topic_prefix=f"t{uuid.uuid4().hex[:8]}")
    stack_up(settings)
    extractor, stop, consumer = _extractor_consumer(settings)
    try:
        committed = [DocumentEvent(job="fake", document_id=f"committed-{i}", text=f"film {i}") for i in range(12)]
        publish(settings, committed)
        consumer.start()
        wait_for(lambda: len(extractor.seen) >= len(committed), 60, "the first documents")
        time.sleep(1)  # their offsets are committed: every partition's position is past 0
        extractor.delay_s = 0.7  # the next batch is still being extracted when the broker goes
        publish(settings, [DocumentEvent(job="fake", document_id=f"slow-{i}", text=f"film {i}") for i in range(6)])
        wait_for(lambda: any(seen.startswith("slow-") for seen in extractor.seen), 60, "the slow batch to start")
        stack_down(settings)
        stack_up(settings)
        extractor.delay_s = 0.0
        after = [DocumentEvent(job="fake", document_id=f"after-{i}", text=f"film {i}") for i in range(20)]
        publish(settings, after)
        wait_for(lambda: {d.document_id for d in after} <= extractor.seen, 60, "every document of the new log")
    finally:
        stop.set()
        consumer.join(timeout=30)
        stack_down(settings)


@pytest.mark.slow
def test_a_topic_recreated_under_a_running_consumer_is_read_from_its_start(tmp_path: Path) -> None:
    # The group keeps its member (no rejoin), the group's offsets go with the topic, and the broker
    # answers a fetch past the new log's end with nothing: without loop.notice_lost_offsets the
    # consumer waits at its old positions for ever (the state of the stack-restart test's rare
    # failure, made deterministic) and reads a partition's new records only past them. The new
    # documents come once the consumer, idle, has had time to check; what is published sooner may
    # reach an old position first (RestartFromCommitted's docstring says why).
    settings = Settings(home=tmp_path / "home", bootstrap_servers=None, topic_prefix=f"t{uuid.uuid4().hex[:8]}")
    stack_up(settings)
    extractor, stop, consumer = _extractor_consumer(settings)
    admin = make_admin(settings)
    try:
        publish(settings, [DocumentEvent(job="fake", document_id=f"old-{i}", text=f"film {i}") for i in range(8)])
        consumer.start()
        wait_for(lambda: len(extractor.seen) >= 8, 60, "the documents of the first topic")
        time.sleep(1)  # their offsets are committed
        topic = settings.topics["documents"]
        admin.delete_topics([topic])
        poll_until(lambda: topic not in admin.list_topics(), 10, every=0.2)
        assert ensure_topics(settings) == [topic]  # recreated as `stack up` made it
        time.sleep(FAST.lost_offsets_check_s + 2)
        new = [DocumentEvent(job="fake", document_id=f"new-{i}", text=f"film {i}") for i in range(8)]
        publish(settings, new)
        wait_for(lambda: {d.document_id for d in new} <= extractor.seen, 60, "every document of the recreated topic")
    finally:
        admin.close()
        stop.set()
        consumer.join(timeout=30)
        stack_down(settings)
