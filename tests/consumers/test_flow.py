"""Both stages in-process on the real broker and PostgreSQL: rows land once, poison goes to
the dead-letter topic with its reason while the other documents flow."""

from __future__ import annotations

import gc
import json

from prometheus_client import REGISTRY
from fakes import FAST, FLAKY_MARK, POISON_MARK, WordCountExtractor, count_rows

from text2db.consumers.deadletter import list_dead_letters
from text2db.consumers.extractor import run_extractor
from text2db.consumers.integrator import run_integrator
from text2db.consumers.kafka import ensure_topics, make_producer
from text2db.consumers.loop import Limits
from text2db.consumers.publish import publish
from text2db.schemas.events import DocumentEvent

def dead_lettered(stage: str, reason: str) -> float:
    return REGISTRY.get_sample_value("text2db_dead_lettered_records_total", {"stage": stage, "reason": reason}) or 0.0


CAUGHT_UP = Limits(until_caught_up=True, idle_timeout_s=30)


def docs(n: int, job: str = "fake", text: str = "a film about {i}") -> list[DocumentEvent]:
    return [DocumentEvent(job=job, document_id=f"doc-{i:04d}", text=text.format(i=i)) for i in range(n)]


def run_both(settings, names, integrator) -> None:
    extractor = WordCountExtractor()
    run_extractor(settings, names.group("x"), lambda j, v: extractor, FAST, CAUGHT_UP)
    run_integrator(settings, names.group("i"), lambda j, v: integrator, FAST, CAUGHT_UP)


def test_documents_become_rows_once(kafka_settings, kafka_names, fake_integrator, pg_engine) -> None:
    batch = docs(30) + [DocumentEvent(job="fake", document_id="doc-flaky", text=f"{FLAKY_MARK} once")]
    assert publish(kafka_settings, batch) == 31
    assert publish(kafka_settings, batch[:10]) == 10  # a re-publish: same ids, no new rows
    run_both(kafka_settings, kafka_names, fake_integrator)
    rows = count_rows(pg_engine)
    assert rows == {d.document_id: 1 for d in batch}
    assert list_dead_letters(kafka_settings) == []


def test_poison_is_dead_lettered_while_others_flow(kafka_settings, kafka_names, fake_integrator, pg_engine) -> None:
    settings = kafka_settings.model_copy(update={"max_document_bytes": 1_000_000})
    ensure_topics(settings)
    producer = make_producer(settings)
    topic = settings.topics["documents"]
    unknown = {"schema": "text2db.document.v7", "job": "fake", "document_id": "x", "text": "t"}
    huge = DocumentEvent(job="fake", document_id="doc-huge", text="w " * (10 * 1024 * 1024))  # 20 MB
    for value in [b'{"schema": "text2db.document.v1", "job": ', json.dumps(unknown).encode(), b"\xc3\x28 bad utf-8"]:
        producer.send(topic, key=b"poison", value=value)
    producer.send(topic, key=b"doc-huge", value=huge.model_dump_json(by_alias=True).encode())
    producer.flush()
    producer.close()
    good = docs(10) + [DocumentEvent(job="fake", document_id=f"doc-{POISON_MARK}", text="rejected by the db")]
    publish(settings, good)

    oversized_before = dead_lettered("decode", "oversized")
    run_both(settings, kafka_names, fake_integrator)

    assert dead_lettered("decode", "oversized") == oversized_before + 1
    assert count_rows(pg_engine) == {d.document_id: 1 for d in good[:10]}
    letters = list_dead_letters(settings)
    reasons = sorted(letter.reason.split(":")[0] for letter in letters if letter.stage == "decode")
    assert reasons == ["malformed_json", "not_utf8", "oversized", "unknown_schema"]
    rejected = [letter for letter in letters if letter.stage == "integrate"]
    assert [letter.document_id for letter in rejected] == [f"doc-{POISON_MARK}"]
    assert rejected[0].error_class == "RejectedRow" and not rejected[0].retryable
    oversized = next(letter for letter in letters if letter.reason.startswith("oversized"))
    assert len(oversized.original_value()) > 20_000_000  # kept whole, so it can be replayed
    assert len(list_dead_letters(settings, reason="not_utf8")) == 1


def test_a_consumer_freezes_its_heap_after_its_first_durable_batch(kafka_settings, kafka_names) -> None:
    # The conftest turns freezing off for the test process; here it is on, as in production.
    assert gc.get_freeze_count() == 0
    publish(kafka_settings, docs(3))
    extractor = WordCountExtractor()
    try:
        run_extractor(kafka_settings, kafka_names.group("x"), lambda j, v: extractor,
                      FAST.model_copy(update={"freeze_heap": True}), CAUGHT_UP)
        assert gc.get_freeze_count() > 1000  # the imports and the stage, at least
    finally:
        gc.unfreeze()
    run_extractor(kafka_settings, kafka_names.group("y"), lambda j, v: extractor, FAST, CAUGHT_UP)
    assert gc.get_freeze_count() == 0  # off: a second group read the same records without freezing
