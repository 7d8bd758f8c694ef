"""Dead letters: what could not be processed, kept whole (original bytes, reason, attempts) in
`<prefix>.deadletter`, produced with acks=all BEFORE the source offset is committed, and
replayable to the topic it came from.

Replay is idempotent: a replayed record carries its origin and the replay's id in headers and
a ReplayMarker goes to the dead-letter topic, so listing shows one letter per original record
(copies left by crash loops or failed replays fold into one) and a second replay sends nothing
until the first one's records have failed again."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

from kafka import KafkaProducer, TopicPartition
from kafka.consumer.fetcher import ConsumerRecord
from kafka.producer.future import FutureRecordMetadata

from text2db.config import Settings
from text2db.consumers import metrics
from text2db.consumers.kafka import make_consumer, make_producer
from text2db.errors import is_retryable
from text2db.schemas.events import DeadLetter, ReplayMarker, Stage, dump

log = logging.getLogger(__name__)
ORIGIN_HEADER = "text2db-origin"  # "topic/partition/offset" of the record's first delivery
REPLAY_HEADER = "text2db-replay"  # id of the replay that re-sent the record
KIND_HEADER = "text2db-kind"  # b"replay" marks a ReplayMarker in the dead-letter topic


def reason_of(exc: BaseException) -> str:
    """The stable first word of the reason (`oversized`, `malformed_json`...) or the class name."""
    kind = getattr(exc, "context", {}).get("reason") if hasattr(exc, "context") else None
    return str(kind) if kind else type(exc).__name__


def header(record: ConsumerRecord, name: str) -> str | None:
    """A text header of a consumed record, None when absent."""
    for key, value in record.headers or []:
        if key == name and value is not None:
            return value.decode("utf-8", "replace")
    return None


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
            origin=header(record, ORIGIN_HEADER),
            after_replay=header(record, REPLAY_HEADER),
        )
        metrics.DEAD_LETTERED.labels(stage=stage, reason=reason_of(exc)).inc()
        log.warning("dead letter: %s[%d]@%d stage=%s document=%s %s: %s (attempts %d)", record.topic, record.partition,
                    record.offset, stage, document_id or "-", letter.error_class, letter.reason, attempts)
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


@dataclass
class LetterBook:
    """The dead-letter topic folded by original record: its latest letter, and its replays."""

    latest: dict[str, DeadLetter] = field(default_factory=dict)
    replays: dict[str, set[str]] = field(default_factory=dict)  # origin -> replay ids sent
    answered: set[str] = field(default_factory=set)  # replay ids a later letter answered

    def add(self, letter: DeadLetter) -> None:
        self.latest[letter.origin_id] = letter  # the topic is read in order: later letters win
        if letter.after_replay:
            self.answered.add(letter.after_replay)

    def in_flight(self, origin: str) -> bool:
        """Replayed and not failed since: the replayed record may still be on its way."""
        return bool(self.replays.get(origin, set()) - self.answered)


def read_letters(settings: Settings) -> LetterBook:
    book = LetterBook()
    for record in read_topic(settings, settings.topics["deadletter"]):
        if header(record, KIND_HEADER) == "replay":
            marker = ReplayMarker.model_validate_json(record.value)
            book.replays.setdefault(marker.origin, set()).add(marker.replay_id)
        else:
            book.add(DeadLetter.model_validate_json(record.value))
    return book


def list_dead_letters(
    settings: Settings, reason: str | None = None, since: datetime | None = None, *, include_in_flight: bool = False
) -> list[DeadLetter]:
    """One letter per original record (its latest) whose reason or error class contains `reason`
    and that failed at/after `since`; records replayed and not failed since are left out unless
    `include_in_flight`."""
    book = read_letters(settings)
    letters = []
    for origin, letter in book.latest.items():
        if not include_in_flight and book.in_flight(origin):
            continue
        if reason and reason.lower() not in f"{letter.error_class} {letter.reason}".lower():
            continue
        if since and letter.failed_at < since:
            continue
        letters.append(letter)
    return letters


def replay(settings: Settings, letters: list[DeadLetter]) -> int:
    """Re-publish each letter's original key and bytes to its source topic, once per original
    record, then mark it replayed (acks=all both); returns the count sent."""
    unique = list({letter.origin_id: letter for letter in letters}.values())
    replay_id = uuid.uuid4().hex[:12]
    producer = make_producer(settings)
    try:
        futures = [
            producer.send(dl.source_topic, key=dl.original_key(), value=dl.original_value(),
                          headers=[(ORIGIN_HEADER, dl.origin_id.encode()), (REPLAY_HEADER, replay_id.encode())])
            for dl in unique
        ]
        futures += [
            producer.send(settings.topics["deadletter"], key=dl.original_key(), headers=[(KIND_HEADER, b"replay")],
                          value=dump(ReplayMarker(origin=dl.origin_id, replay_id=replay_id)))
            for dl in unique
        ]
        producer.flush()
        for future in futures:
            future.get(timeout=30)
    finally:
        producer.close()
    log.info("replay %s: re-sent %d dead letters", replay_id, len(unique))
    return len(unique)
