"""How far behind each consumer group is, per partition, and how many records each topic holds."""

from __future__ import annotations

from dataclasses import dataclass

from kafka import TopicPartition

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
    def past_end(self) -> bool:
        """The committed offset is past the end offset: Tansu sometimes reports an end offset
        below what the group has already committed. Nothing is left to read there."""
        return self.committed is not None and self.committed > self.end

    @property
    def lag(self) -> int:
        """Records left to read; never negative (0 where the partition is `past_end`)."""
        return max(0, self.end - (self.committed if self.committed is not None else self.start))


def default_groups(settings: Settings) -> dict[str, str]:
    """The stages' default group -> the topic it reads."""
    p, topics = settings.topic_prefix, settings.topics
    return {f"{p}-extract": topics["documents"], f"{p}-integrate": topics["extractions"]}


def group_lag(settings: Settings, group: str, topics: list[str]) -> list[PartitionLag]:
    consumer = make_consumer(settings, group)
    try:
        partitions = [
            TopicPartition(t, p) for t in topics for p in sorted(consumer.partitions_for_topic(t) or [])
        ]
        if not partitions:
            return []
        ends = consumer.end_offsets(partitions)
        starts = consumer.beginning_offsets(partitions)
        return [
            PartitionLag(group, tp.topic, tp.partition, consumer.committed(tp), ends[tp], starts[tp])
            for tp in partitions
        ]
    finally:
        consumer.close()


def topic_counts(settings: Settings) -> dict[str, int]:
    """Records currently held per text2db topic (end - beginning offsets, summed over partitions)."""
    consumer = make_consumer(settings, None)
    try:
        counts = {}
        for topic in settings.topics.values():
            partitions = [TopicPartition(topic, p) for p in sorted(consumer.partitions_for_topic(topic) or [])]
            ends, starts = consumer.end_offsets(partitions), consumer.beginning_offsets(partitions)
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
