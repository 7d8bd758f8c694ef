"""The consume loop every stage shares: poll a batch -> the stage makes its output durable
(produced with acks=all, or committed in the database; dead letters likewise) -> commit the
batch's offsets. A crash between the two redelivers the batch; idempotent writes absorb it.

When a batch cannot be made durable (a dependency away, a produce not acknowledged, any error
leaving the stage), the loop commits only the head the stage reports durable, rewinds the
rest and pauses with capped backoff (consumers/pause.py): nothing is dead-lettered for an
outage and no exception ends the process, so a poison record can never crash-loop a stage."""

from __future__ import annotations

import gc
import logging
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kafka import ConsumerRebalanceListener, KafkaConsumer, TopicPartition
from kafka.consumer.fetcher import ConsumerRecord
from kafka.errors import CommitFailedError, KafkaError
from kafka.structs import OffsetAndMetadata

from text2db.consumers import metrics
from text2db.consumers.configuration import ConsumerConfig
from text2db.consumers.exceptions import StageBlocked
from text2db.consumers.pause import Pause
from text2db.errors import is_retryable

log = logging.getLogger(__name__)

BatchHandler = Callable[[Sequence[ConsumerRecord]], None]


class StopFlag:
    """Set by SIGTERM/SIGINT (when installed) or by code: the loop finishes its batch, commits, leaves."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def set(self, *_: object) -> None:
        self._event.set()

    def is_set(self) -> bool:
        return self._event.is_set()

    def wait(self, seconds: float) -> bool:
        """Sleep `seconds` unless stopped first (a paused stage still stops at once); True if stopped."""
        return self._event.wait(seconds)

    def install_signal_handlers(self) -> "StopFlag":
        signal.signal(signal.SIGTERM, self.set)
        signal.signal(signal.SIGINT, self.set)
        return self


@dataclass(frozen=True)
class Limits:
    """When a loop ends by itself: after N records, after S idle seconds, or once caught up."""

    max_messages: int | None = None
    idle_timeout_s: float | None = None
    until_caught_up: bool = False


def run(
    consumer: KafkaConsumer,
    handle_batch: BatchHandler,
    stage: str,
    config: ConsumerConfig,
    limits: Limits = Limits(),
    stop: StopFlag | None = None,
) -> int:
    """Run until stopped or a limit is reached; returns the number of records processed."""
    stop = stop or StopFlag()
    pause = Pause(stage, config, stop.wait)
    restart = RestartFromCommitted()
    if consumer.subscription():  # a group member: (re)joins go through the listener
        consumer.subscribe(topics=sorted(consumer.subscription()), listener=restart)
    processed, last_activity, empty_polls = 0, time.monotonic(), 0
    settled = not config.freeze_heap
    next_offsets_check = time.monotonic() + config.lost_offsets_check_s
    try:
        while not stop.is_set():
            if time.monotonic() >= next_offsets_check:
                restart.notice_lost_offsets(consumer)
                next_offsets_check = time.monotonic() + config.lost_offsets_check_s
            room = config.max_poll_records
            if limits.max_messages is not None:
                room = min(room, limits.max_messages - processed)
            records = restart.apply(consumer, _poll(consumer, config, room))
            empty_polls = 0 if records else empty_polls + 1
            if not records:
                idle = time.monotonic() - last_activity
                if limits.idle_timeout_s is not None and idle > limits.idle_timeout_s:
                    break
                # Two empty polls as well as the end offsets: Tansu's S3 storage under-reports
                # the latest offset, so end offsets alone could stop the loop too early.
                if limits.until_caught_up and empty_polls >= 2 and _caught_up(consumer):
                    break
                continue
            durable, blocked = _handle(consumer, handle_batch, records)
            if durable:
                _commit(consumer, durable, stage)
                metrics.CONSUMED.labels(stage=stage).inc(len(durable))
                processed += len(durable)
                last_activity = time.monotonic()
                if not settled:
                    settle_heap()
                    settled = True
            if blocked is not None:
                pause.wait(blocked)
                continue
            pause.resume()
            if limits.max_messages is not None and processed >= limits.max_messages:
                break
    finally:
        metrics.PAUSED.labels(stage=stage).set(0)
        consumer.close()  # leaves the group so the partitions move at once
    return processed


def settle_heap() -> None:
    """Collect once, then freeze what survives: after a stage's first batch that is its imports,
    models, plans and caches, alive for the whole process. A full collection scans every tracked
    object, about 390,000 in an integrator after one batch (a quarter of a second each time,
    every dozen batches of 100): on benchmarks/upsert_throughput.py (4,800 rows) collections
    took 39% of the integrator's time, 4% once frozen. Frozen objects are never scanned nor
    collected, so only what is alive for good is frozen: after the first batch, not before."""
    gc.collect()
    gc.freeze()


class RestartFromCommitted(ConsumerRebalanceListener):
    """After every (re)join, each assigned partition restarts from the group's committed offset
    (the beginning where the group has none), never from the position held in memory.

    kafka-python keeps a partition's in-memory position across a rejoin. A broker that lost its
    log (the local stack's memory storage restarted, a topic recreated) makes every member
    rejoin, and that position then points into the new log past records never read: a consumer
    fetching from offset 7 of a log that restarted at 0 skips offsets 0-6 once the new log holds
    them. On a broker that kept its log the committed offset is where the position already was
    (the loop commits each batch before the next poll), or earlier after a refused commit, so
    the restart costs a re-fetch and at most a redelivery that idempotent writes absorb.

    A log can also be lost without a rejoin: a topic deleted and recreated under a running group
    (the group's offsets go with it, on Kafka as on Tansu), or a broker restarted without its log
    while no heartbeat reported the member unknown. Nothing then moves the position, and Tansu
    answers a fetch past a log's end with no records and no OFFSET_OUT_OF_RANGE, so the consumer
    would wait for ever, or read the new log from its old position on, skipping what is below.
    Every few seconds `notice_lost_offsets` restarts, like a reassigned one, each partition read
    past 0 whose committed offset the group no longer has. It catches the loss only before new
    records reach the old position: once the consumer has read and committed one there, the
    group has an offset again. (The client's metadata would tell a topic's new id, but
    kafka-python refreshes it only every metadata_max_age_ms, 5 minutes, when nothing fails.)"""

    def __init__(self) -> None:
        self.pending: set[TopicPartition] = set()
        self.rejoining = False  # revoked, not yet assigned: positions and offsets are in flux

    def on_partitions_revoked(self, revoked: Sequence[TopicPartition]) -> None:
        self.pending -= set(revoked)
        self.rejoining = True

    def on_partitions_assigned(self, assigned: Sequence[TopicPartition]) -> None:
        self.pending |= set(assigned)
        self.rejoining = False

    def notice_lost_offsets(self, consumer: KafkaConsumer) -> None:
        """Mark for a restart every assigned partition read past 0 that has no committed offset.

        The loop commits each batch before it polls again, so a partition it has read has a
        committed offset unless the log under it was lost (or a first commit was refused, where
        the restart redelivers one batch that idempotent writes absorb)."""
        if not consumer.subscription() or self.rejoining:
            # an assigned reader (dlq, lag) commits nothing, so a missing offset means nothing; and
            # during a rejoin the old assignment is still listed while the new broker's group
            # has no offsets yet: the assignment that completes it restarts every partition anyway
            return
        try:
            for tp in sorted(consumer.assignment() - self.pending):
                position = consumer.position(tp, timeout_ms=2000)
                if position and consumer.committed(tp, timeout_ms=2000) is None:
                    log.warning("%s[%d]: read to offset %d but the group has no committed offset for it (the "
                                "topic was recreated or the broker lost its log); reading it from its start",
                                tp.topic, tp.partition, position)
                    self.pending.add(tp)
        except KafkaError as exc:  # the broker is away: the next check asks again
            log.info("checking the committed offsets failed (%s); checking again later", exc)

    def apply(self, consumer: KafkaConsumer, records: list[ConsumerRecord]) -> list[ConsumerRecord]:
        """Seek the partitions (re)assigned since the last poll; drop their polled records, which
        were fetched from the old position and come again from the new one."""
        if not self.pending:
            return records
        pending, self.pending = self.pending & consumer.assignment(), set()
        try:
            for tp in sorted(pending):
                committed = consumer.committed(tp)
                if committed is None:
                    consumer.seek_to_beginning(tp)
                else:
                    consumer.seek(tp, committed)
        except KafkaError as exc:  # the broker is going away again: try at the next poll
            self.pending |= pending
            log.warning("restarting %d partitions from their committed offsets failed (%s); retrying", len(pending), exc)
        return [r for r in records if TopicPartition(r.topic, r.partition) not in pending]


def _poll(consumer: KafkaConsumer, config: ConsumerConfig, room: int) -> list[ConsumerRecord]:
    try:
        polled = consumer.poll(timeout_ms=config.poll_timeout_ms, max_records=room)
    except KafkaError as exc:  # broker away or restarting: the client reconnects on the next poll
        log.warning("poll failed (%s); polling again", exc)
        time.sleep(config.backoff_initial_s)
        return []
    return [record for batch in polled.values() for record in batch]


def _handle(
    consumer: KafkaConsumer, handle_batch: BatchHandler, records: list[ConsumerRecord]
) -> tuple[list[ConsumerRecord], Exception | None]:
    """Process a batch -> (the records whose output is durable, the error that stopped the rest).

    Whatever leaves the stage rewinds the records not known durable, so they run again after the
    pause: a Transient error (StageBlocked, DeliveryFailed, a driver error) is expected to clear;
    anything else is a stage bug, logged with its traceback, and retried rather than crashing
    the process into a restart loop that would re-send the batch's output each time."""
    try:
        handle_batch(records)
        return records, None
    except Exception as exc:  # noqa: BLE001 - the loop must survive every error of a stage
        done = exc.durable if isinstance(exc, StageBlocked) else 0
        if is_retryable(exc):
            log.warning("batch of %d: %d durable, rewinding the rest (%s: %s)", len(records), done, type(exc).__name__, exc)
        else:
            log.exception("batch of %d failed outside the stage's error handling; rewinding it", len(records))
        _rewind(consumer, records[done:])
        return records[:done], exc


def _rewind(consumer: KafkaConsumer, records: Sequence[ConsumerRecord]) -> None:
    """Seek each partition (still ours) back to its first record not yet durable."""
    assigned = consumer.assignment()
    for tp, first in _first_offsets(records).items():
        if tp in assigned:
            consumer.seek(tp, first)


def _first_offsets(records: Sequence[ConsumerRecord]) -> dict[TopicPartition, int]:
    firsts: dict[TopicPartition, int] = {}
    for r in records:
        tp = TopicPartition(r.topic, r.partition)
        firsts[tp] = min(firsts.get(tp, r.offset), r.offset)
    return firsts


def _commit(consumer: KafkaConsumer, records: Sequence[ConsumerRecord], stage: str) -> None:
    offsets: dict[TopicPartition, OffsetAndMetadata] = {}
    for r in records:
        tp = TopicPartition(r.topic, r.partition)
        if tp not in offsets or offsets[tp].offset <= r.offset:
            offsets[tp] = OffsetAndMetadata(r.offset + 1, "", -1)
    try:
        consumer.commit(offsets)
    except (CommitFailedError, KafkaError) as exc:
        # Rebalance or broker restart: another member (or we, after rejoining) gets the batch
        # again from the last committed offset. Its output is already durable and idempotent.
        metrics.COMMITS_FAILED.labels(stage=stage).inc()
        log.warning("commit of %d records refused (%s); continuing", len(records), exc)


def _caught_up(consumer: KafkaConsumer) -> bool:
    assigned = list(consumer.assignment())
    if not assigned:
        return False
    ends = consumer.end_offsets(assigned)
    return all(consumer.position(tp) >= ends[tp] for tp in assigned)
