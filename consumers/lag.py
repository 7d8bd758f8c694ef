"""How far behind each consumer group is, per partition, and how many records each topic holds.

End offsets are not taken from the broker's ListOffsets answer alone: Tansu reports the start
of the last produced batch there (50 records in one batch read as end offset 1), in memory and
S3 mode alike, so a lag built on it read 0 with documents unread. `read_ends` seeks to the
highest offset known (reported end, or what the group committed) and reads on until the
partition is exhausted; the position reached is the true end. On Kafka, where the reported end
is right, this costs one empty fetch per partition."""

from __future__ import annotations

from dataclasses import dataclass

from kafka import KafkaConsumer, TopicPartition

from text2db.config import Settings
from text2db.consumers.kafka import make_consumer


@dataclass(frozen=True)
class PartitionLag:
    group: str
    topic: str
    partition: int
    committed: int | None  # None: the group never committed here (it starts from the beginning)
    end: int
    start: int

    @property
    def lag(self) -> int:
        """Records left to read (never negative)."""
        return max(0, self.end - (self.committed if self.committed is not None else self.start))


def default_groups(settings: Settings) -> dict[str, str]:
    """The stages' default group -> the topic it reads."""
    p, topics = settings.topic_prefix, settings.topics
    return {f"{p}-extract": topics["documents"], f"{p}-integrate": topics["extractions"]}


def read_ends(consumer: KafkaConsumer, floors: dict[TopicPartition, int], empty_polls: int = 2) -> dict[TopicPartition, int]:
    """The true end offset of each partition at or above `floors[tp]` (see the module docstring).

    Uses the consumer unsubscribed (assign/seek); reads until `empty_polls` polls in a row bring
    nothing, so the cost is the records past the floor, not the topic."""
    partitions = list(floors)
    consumer.assign(partitions)
    for tp, floor in floors.items():
        consumer.seek(tp, floor)
    empty = 0
    while empty < empty_polls:
        polled = consumer.poll(timeout_ms=300, max_records=10_000)
        empty = 0 if any(polled.values()) else empty + 1
    return {tp: max(floors[tp], consumer.position(tp)) for tp in partitions}


def _partitions(consumer: KafkaConsumer, topics: list[str]) -> list[TopicPartition]:
    return [TopicPartition(t, p) for t in topics for p in sorted(consumer.partitions_for_topic(t) or [])]


def group_lag(settings: Settings, group: str, topics: list[str]) -> list[PartitionLag]:
    consumer = make_consumer(settings, group)
    try:
        partitions = _partitions(consumer, topics)
        if not partitions:
            return []
        reported, starts = consumer.end_offsets(partitions), consumer.beginning_offsets(partitions)
        committed = {tp: consumer.committed(tp) for tp in partitions}
        ends = read_ends(consumer, {tp: max(reported[tp], committed[tp] or 0, starts[tp]) for tp in partitions})
        return [PartitionLag(group, tp.topic, tp.partition, committed[tp], ends[tp], starts[tp]) for tp in partitions]
    finally:
        consumer.close()


def topic_counts(settings: Settings) -> dict[str, int]:
    """Records currently held per text2db topic (true end - beginning offsets, summed over partitions)."""
    consumer = make_consumer(settings, None)
    try:
        counts = {}
        for topic in settings.topics.values():
            partitions = _partitions(consumer, [topic])
            if not partitions:
                counts[topic] = 0
                continue
            reported, starts = consumer.end_offsets(partitions), consumer.beginning_offsets(partitions)
            ends = read_ends(consumer, {tp: max(reported[tp], starts[tp]) for tp in partitions})
            counts[topic] = sum(ends[tp] - starts[tp] for tp in partitions)
        return counts
    finally:
        consumer.close()


def lag_by_group(settings: Settings, groups: dict[str, str] | None = None) -> dict[str, int]:
    """Records left to read per group of `groups` (group -> the topic it reads; default: both
    stages' default groups, extractor group first), read group after group in that order."""
    groups = groups or default_groups(settings)
    return {group: sum(p.lag for p in group_lag(settings, group, [topic])) for group, topic in groups.items()}


def total_lag(settings: Settings, groups: dict[str, str] | None = None) -> int:
    """Sum of the lag of `groups` (default: both stages' default groups)."""
    return sum(lag_by_group(settings, groups).values())
