"""Issue 13 items 1-2 on the real broker and PostgreSQL: poison of any shape is dead-lettered once
and never ends a consumer; a batch that is not durable (DeliveryFailed) is rewound and runs again
instead of being committed; an outage of the extractor's dependency pauses the stage (no dead
letters) and it resumes by itself."""

from __future__ import annotations

import threading
import time

from fakes import FAST, WordCountExtractor, count_rows, poll_until
from prometheus_client import REGISTRY

from text2db.consumers.configuration import ConsumerConfig
from text2db.consumers.deadletter import list_dead_letters
from text2db.consumers.exceptions import DeliveryFailed
from text2db.consumers.extractor import run_extractor
from text2db.consumers.integrator import run_integrator
from text2db.consumers.kafka import ensure_topics, make_producer
from text2db.consumers.loop import Limits
from text2db.consumers.publish import publish
from text2db.errors import ServiceUnavailable, Transient, is_retryable
from text2db.schemas.events import DocumentEvent

CAUGHT_UP = Limits(until_caught_up=True, idle_timeout_s=30)
PAUSING = FAST.model_copy(update={"pause_initial_s": 0.2, "pause_max_s": 0.5})
DEEP = b'{"a":' * 5000 + b"1" + b"}" * 5000


def docs(n: int, prefix: str = "doc") -> list[DocumentEvent]:
    return [DocumentEvent(job="fake", document_id=f"{prefix}-{i}", text=f"a film about {i}") for i in range(n)]


def paused(stage: str) -> float:
    return REGISTRY.get_sample_value("text2db_stage_paused", {"stage": stage}) or 0.0


def pauses(stage: str, error: str) -> float:
    return REGISTRY.get_sample_value("text2db_stage_pauses_total", {"stage": stage, "error": error}) or 0.0


def test_transient_is_an_exception_class_the_loop_can_catch() -> None:
    # `except (Transient, KafkaError)` raised TypeError for every exception while Transient was a plain mixin.
    try:
        raise ServiceUnavailable("database away")
    except Transient as exc:
        assert is_retryable(exc)


def test_poison_of_any_shape_is_dead_lettered_once(kafka_settings, kafka_names, fake_integrator, pg_engine) -> None:
    ensure_topics(kafka_settings)
    producer = make_producer(kafka_settings)
    topic = kafka_settings.topics["documents"]
    nested_source = (b'{"schema": "text2db.document.v1", "job": "fake", "document_id": "n", "text": "t", "source": '
                     + b'{"a":' * 3000 + b"1" + b"}" * 3000 + b"}")
    poison = [DEEP, b"[" * 100_000, nested_source, b"null", b"", None]
    for value in poison:
        producer.send(topic, key=b"poison", value=value)
    producer.flush()
    producer.close()
    good = docs(5)
    publish(kafka_settings, good)
    extractor = WordCountExtractor()
    for _ in range(2):  # a second run (a restart) finds nothing left: the poison was committed with its letter
        run_extractor(kafka_settings, kafka_names.group("x"), lambda j, v: extractor, FAST, CAUGHT_UP)
    run_integrator(kafka_settings, kafka_names.group("i"), lambda j, v: fake_integrator, FAST, CAUGHT_UP)
    assert count_rows(pg_engine) == {d.document_id: 1 for d in good}
    letters = list_dead_letters(kafka_settings, include_in_flight=True)
    assert len(letters) == len(poison) and all(letter.stage == "decode" and not letter.retryable for letter in letters)
    assert sum("nested too deeply" in letter.reason for letter in letters) == 3


class FlakyProducerExtractor(WordCountExtractor):
    """Counts extractions so the test sees the batch run again after DeliveryFailed."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def extract(self, document: DocumentEvent):
        self.calls += 1
        return super().extract(document)


def test_delivery_failed_rewinds_the_batch_instead_of_committing_it(kafka_settings, kafka_names, monkeypatch) -> None:
    import text2db.consumers.extractor as extractor_module

    publish(kafka_settings, docs(8))
    real_await, failures, producers = extractor_module.await_delivery, [], []

    def await_once(producer, deliveries):
        producers.append(producer)
        if not failures:
            failures.append(len(deliveries))
            raise DeliveryFailed("produce not acknowledged: broker away")
        real_await(producer, deliveries)

    monkeypatch.setattr(extractor_module, "await_delivery", await_once)
    extractor = FlakyProducerExtractor()
    done = run_extractor(kafka_settings, kafka_names.group("x"), lambda j, v: extractor, PAUSING, CAUGHT_UP)
    assert done == 8 and failures and extractor.calls == 8 + failures[0]  # the failed batch ran again
    assert producers[1] is not producers[0]  # with a new producer: a broker restart can break the old one for good
    assert list_dead_letters(kafka_settings) == []


class OutageExtractor(WordCountExtractor):
    """Its dependency is away (Transient) until `up` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.up = threading.Event()

    def extract(self, document: DocumentEvent):
        if not self.up.is_set():
            raise ServiceUnavailable("model server away")
        return super().extract(document)


def test_an_outage_pauses_the_stage_and_it_resumes_by_itself(kafka_settings, kafka_names) -> None:
    publish(kafka_settings, docs(6))
    extractor = OutageExtractor()
    before = pauses("extract", "StageBlocked")
    seen: list[bool] = []

    def restore_after_a_pause() -> None:  # the dependency comes back 2 s after the stage paused
        seen.append(poll_until(lambda: paused("extract") == 1.0, 30))
        time.sleep(2)
        extractor.up.set()

    watcher = threading.Thread(target=restore_after_a_pause)
    watcher.start()
    config = ConsumerConfig(**(PAUSING.model_dump() | {"max_attempts": 2}))
    done = run_extractor(kafka_settings, kafka_names.group("x"), lambda j, v: extractor, config, CAUGHT_UP)
    watcher.join()
    assert done == 6 and seen == [True] and paused("extract") == 0.0
    assert pauses("extract", "StageBlocked") >= before + 2
    assert list_dead_letters(kafka_settings, include_in_flight=True) == []
