"""Dead letters: what could not be processed, kept whole (original bytes, reason, attempts) in
`<prefix>.deadletter`, produced with acks=all BEFORE the source offset is committed, and
replayable to the topic it came from."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

from kafka import KafkaProducer, TopicPartition
from kafka.consumer.fetcher import ConsumerRecord
from kafka.producer.future import FutureRecordMetadata

from text2db.config import Settings
from text2db.consumers import metrics
from text2db.consumers.kafka import make_consumer, make_producer
from text2db.errors import is_retryable
from text2db.schemas.events import DeadLetter, Stage, dump


def reason_of(exc: BaseException) -> str:
    """The stable first word of the reason (`oversized`, `malformed_json`...) or the class name."""
    kind = getattr(exc, "context", {}).get("reason") if hasattr(exc, "context") else None
    return str(kind) if kind else type(exc).__name__


class DeadLetterWriter:
    def __init__(self, producer: KafkaProducer, settings: Settings) -> None:
        self.producer = producer
        self.topic = settings.topics["deadletter"]

    def send(
        self,
        record: ConsumerRecord,
        stage: Stage,
        exc: BaseException,
        attempts: int = 1,
        job: str | None = None,
        document_id: str | None = None,
    ) -> FutureRecordMetadata:
        letter = DeadLetter(
            stage=stage,
            error_class=type(exc).__name__,
            reason=str(exc) or type(exc).__name__,
            retryable=is_retryable(exc),
            attempts=attempts,
            source_topic=record.topic,
            partition=record.partition,
            offset=record.offset,
            key_b64=DeadLetter.encode(record.key),
            value_b64=DeadLetter.encode(record.value) or "",
            job=job,
            document_id=document_id,
        )
        metrics.DEAD_LETTERED.labels(stage=stage, reason=reason_of(exc)).inc()
        return self.producer.send(self.topic, key=record.key, value=dump(letter))


def read_topic(settings: Settings, topic: str) -> Iterator[ConsumerRecord]:
    """Every record of `topic` from the beginning, without a consumer group.

    Reads until the end offsets are reached AND a poll comes back empty: Tansu's S3 storage
    under-reports the latest offset, so end offsets alone would stop too early."""
    consumer = make_consumer(settings, group=None)
    try:
        partitions = [TopicPartition(topic, p) for p in sorted(consumer.partitions_for_topic(topic) or [])]
        if not partitions:
            return
        consumer.assign(partitions)
        consumer.seek_to_beginning(*partitions)
        ends = consumer.end_offsets(partitions)
        while True:
            polled = consumer.poll(timeout_ms=1000)
            for batch in polled.values():
                yield from batch
            if not polled and all(consumer.position(tp) >= ends[tp] for tp in partitions):
                return
    finally:
        consumer.close()


def list_dead_letters(settings: Settings, reason: str | None = None, since: datetime | None = None) -> list[DeadLetter]:
    """Dead letters whose reason or error class contains `reason` and that failed at/after `since`."""
    letters = []
    for record in read_topic(settings, settings.topics["deadletter"]):
        letter = DeadLetter.model_validate_json(record.value)
        if reason and reason.lower() not in f"{letter.error_class} {letter.reason}".lower():
            continue
        if since and letter.failed_at < since:
            continue
        letters.append(letter)
    return letters


def replay(settings: Settings, letters: list[DeadLetter]) -> int:
    """Re-publish each letter's original key and bytes to its source topic; returns the count."""
    producer = make_producer(settings)
    try:
        futures = [producer.send(dl.source_topic, key=dl.original_key(), value=dl.original_value()) for dl in letters]
        producer.flush()
        for future in futures:
            future.get(timeout=30)
    finally:
        producer.close()
    return len(letters)
