"""Messages per second through both consumer stages (no-op extractor and integrator), beside the
broker's raw produce and consume rate measured in the same run on the same broker.

    .venv/bin/python benchmarks/backbone_throughput.py [--messages 5000] [--bytes 1000]

Stage rates are timed from a stage's first batch to its last (group join and the final idle
poll excluded); the raw rates use the same client settings (acks=all, 6 partitions)."""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from kafka import TopicPartition

from text2db.config import Settings
from text2db.consumers.configuration import ConsumerConfig
from text2db.consumers.extractor import run_extractor
from text2db.consumers.integrator import run_integrator
from text2db.consumers.kafka import ensure_topics, make_consumer, make_producer
from text2db.consumers.loop import Limits
from text2db.consumers.publish import publish
from text2db.infra import broker
from text2db.schemas.events import DocumentEvent, ExtractionEvent
from text2db.schemas.rows import ApplyReport


class Clock:
    """First and last time a stage was called, and how many records it saw."""

    def __init__(self) -> None:
        self.first = self.last = 0.0
        self.count = 0

    def tick(self, n: int = 1) -> None:
        now = time.perf_counter()
        self.first = self.first or now
        self.last, self.count = now, self.count + n

    def rate(self) -> float:
        return self.count / (self.last - self.first) if self.last > self.first else float("nan")


class NoOpExtractor:
    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def extract(self, document: DocumentEvent) -> ExtractionEvent:
        self.clock.tick()
        return ExtractionEvent(job=document.job, document_id=document.document_id, plan_version=1)


class NoOpIntegrator:
    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def apply(self, events: Sequence[ExtractionEvent]) -> ApplyReport:
        self.clock.tick(len(events))
        return ApplyReport(events_applied=len(events))


def raw_rates(settings: Settings, n: int, size: int) -> tuple[float, float]:
    topic = f"{settings.topic_prefix}.raw"
    producer = make_producer(settings)
    payload = b"x" * size
    started = time.perf_counter()
    for i in range(n):
        producer.send(topic, key=str(i).encode(), value=payload)
    producer.flush()
    produce = n / (time.perf_counter() - started)
    producer.close()
    consumer = make_consumer(settings, None)
    partitions = [TopicPartition(topic, p) for p in sorted(consumer.partitions_for_topic(topic) or [])]
    consumer.assign(partitions)
    consumer.seek_to_beginning(*partitions)
    seen, started = 0, time.perf_counter()
    while seen < n:
        seen += sum(len(b) for b in consumer.poll(timeout_ms=1000, max_records=500).values())
    consume = n / (time.perf_counter() - started)
    consumer.close()
    return produce, consume


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--bytes", type=int, default=1000, help="document text size")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        started = broker.start_broker(Path(tmp) / "broker.log")
        try:
            settings = Settings(bootstrap_servers=started.address, topic_prefix="bench", home=Path(tmp))
            ensure_topics(settings)
            produce, consume = raw_rates(settings, args.messages, args.bytes)
            docs = [
                DocumentEvent(job="bench", document_id=f"doc-{i}", text="w" * args.bytes) for i in range(args.messages)
            ]
            t0 = time.perf_counter()
            publish(settings, docs)
            publish_rate = args.messages / (time.perf_counter() - t0)
            config = ConsumerConfig(max_poll_records=500)
            limits = Limits(until_caught_up=True, idle_timeout_s=30)
            x_clock, i_clock = Clock(), Clock()
            extractor, integrator = NoOpExtractor(x_clock), NoOpIntegrator(i_clock)
            run_extractor(settings, "bench-x", lambda j, v: extractor, config, limits)
            run_integrator(settings, "bench-i", lambda j, v: integrator, config, limits)
        finally:
            broker.stop(started.pid)
    both = 1 / (1 / x_clock.rate() + 1 / i_clock.rate())
    raw_round_trip = 1 / (1 / produce + 1 / consume)
    print(f"messages: {args.messages} x ~{args.bytes} B, 6 partitions, acks=all, one process")
    print(f"raw produce              {produce:8.0f} msg/s")
    print(f"raw consume              {consume:8.0f} msg/s")
    print(f"raw produce+consume      {raw_round_trip:8.0f} msg/s  (one message produced then consumed)")
    print(f"text2db publish          {publish_rate:8.0f} msg/s  (DocumentEvent, validated)")
    print(f"extractor stage          {x_clock.rate():8.0f} msg/s  (decode, no-op extract, produce, commit)")
    print(f"integrator stage         {i_clock.rate():8.0f} msg/s  (decode, no-op apply, commit)")
    print(f"both stages, end to end  {both:8.0f} msg/s")
    print(f"ratio both stages / raw produce+consume: {both / raw_round_trip:.2f}")


if __name__ == "__main__":
    main()
