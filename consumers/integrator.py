"""The integrator consumer: a batch of extractions -> one database transaction per plan.

Per batch: decode (dead-letter what does not validate) -> apply each (job, plan version) group
with IntegrateStage.apply, retried when Transient -> when a group fails Terminally, apply its
events one by one so only the bad ones are dead-lettered -> wait for the dead letters -> the
loop commits the offsets."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence

from kafka import KafkaProducer
from kafka.consumer.fetcher import ConsumerRecord
from kafka.producer.future import FutureRecordMetadata

from text2db.config import Settings
from text2db.consumers import loop, metrics
from text2db.consumers.codec import decode_extraction
from text2db.consumers.configuration import ConsumerConfig
from text2db.consumers.deadletter import DeadLetterWriter
from text2db.consumers.extractor import await_delivery
from text2db.consumers.kafka import ensure_topics, make_consumer, make_producer
from text2db.consumers.retry import Failed, call_with_retries
from text2db.errors import InvalidMessage, is_retryable
from text2db.schemas.events import ExtractionEvent
from text2db.schemas.rows import ApplyReport
from text2db.schemas.stages import IntegrateStage

IntegratorFor = Callable[[str, int], IntegrateStage]  # (job, plan_version) -> stage
STAGE = "integrate"
Decoded = tuple[ConsumerRecord, ExtractionEvent]


class IntegratorWorker:
    def __init__(self, settings: Settings, producer: KafkaProducer, integrator_for: IntegratorFor, config: ConsumerConfig):
        self.settings = settings
        self.producer = producer
        self.integrator_for = integrator_for
        self.config = config
        self.dead_letters = DeadLetterWriter(producer, settings)
        self.report = ApplyReport()  # everything this worker applied, for the demo and metrics

    def handle_batch(self, records: Sequence[ConsumerRecord]) -> None:
        deliveries: list[FutureRecordMetadata] = []
        groups: dict[tuple[str, int], list[Decoded]] = defaultdict(list)
        for record in records:
            try:
                event = decode_extraction(record.value, self.settings.max_document_bytes)
            except InvalidMessage as exc:
                deliveries.append(self.dead_letters.send(record, "decode", exc))
                continue
            groups[(event.job, event.plan_version)].append((record, event))
        for (job, version), items in groups.items():
            deliveries += self.apply_group(job, version, items)
        await_delivery(self.producer, deliveries)

    def apply_group(self, job: str, version: int, items: list[Decoded]) -> list[FutureRecordMetadata]:
        try:
            self._apply(job, version, [event for _, event in items])
            return []
        except Failed as failed:
            if is_retryable(failed.cause) or len(items) == 1:  # retries exhausted: the DB is away
                return [self._dead_letter(record, event, failed) for record, event in items]
        # A Terminal failure of the batch: find the bad events by applying them one by one.
        deliveries = []
        for record, event in items:
            try:
                self._apply(job, version, [event])
            except Failed as failed:
                deliveries.append(self._dead_letter(record, event, failed))
        return deliveries

    def _apply(self, job: str, version: int, events: list[ExtractionEvent]) -> None:
        def apply() -> ApplyReport:
            return self.integrator_for(job, version).apply(events)

        report = call_with_retries(apply, self.config, lambda _: metrics.RETRIES.labels(stage=STAGE).inc())
        self.report.merge(report)
        metrics.PRODUCED.labels(stage=STAGE).inc(len(events))

    def _dead_letter(self, record: ConsumerRecord, event: ExtractionEvent, failed: Failed) -> FutureRecordMetadata:
        return self.dead_letters.send(
            record, STAGE, failed.cause, failed.attempts, job=event.job, document_id=event.document_id
        )


def run_integrator(
    settings: Settings,
    group: str,
    integrator_for: IntegratorFor,
    config: ConsumerConfig | None = None,
    limits: loop.Limits = loop.Limits(),
    stop: loop.StopFlag | None = None,
    worker_out: list[IntegratorWorker] | None = None,
) -> int:
    """Consume `<prefix>.extractions` in `group` until stopped or a limit; returns records processed.
    Pass `worker_out` (a list) to get the worker back and read its ApplyReport afterwards."""
    config = config or ConsumerConfig()
    ensure_topics(settings)
    producer = make_producer(settings)
    consumer = make_consumer(settings, group, [settings.topics["extractions"]], config)
    worker = IntegratorWorker(settings, producer, integrator_for, config)
    if worker_out is not None:
        worker_out.append(worker)
    try:
        return loop.run(consumer, worker.handle_batch, STAGE, config, limits, stop)
    finally:
        producer.close()
