"""The integrator consumer: a batch of extractions -> one database transaction per plan.

Per batch: decode (what does not validate becomes a dead letter) -> apply each (job, plan
version) group with IntegrateStage.apply, a few quick tries when Transient -> when a group fails
Terminally, apply its events one by one so only the bad ones become dead letters -> send the
dead letters and wait for them -> the loop commits the offsets.

A Transient failure that outlasts the quick tries (the database away) blocks the whole batch
(StageBlocked): nothing is dead-lettered, the loop rewinds and pauses, and the groups already
applied are applied again later (idempotent upserts). Dead letters are sent only once the batch
went through, so a batch retried after a pause never dead-letters its poison twice."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kafka import KafkaProducer
from kafka.consumer.fetcher import ConsumerRecord
from kafka.producer.future import FutureRecordMetadata

from text2db.config import Settings
from text2db.consumers import loop, metrics
from text2db.consumers.codec import decode_extraction
from text2db.consumers.configuration import ConsumerConfig
from text2db.consumers.deadletter import DeadLetterWriter
from text2db.consumers.exceptions import DeliveryFailed, StageBlocked
from text2db.consumers.extractor import await_delivery
from text2db.consumers.kafka import ensure_topics, make_consumer, make_producer, replace_producer
from text2db.consumers.retry import Failed, call_with_retries
from text2db.errors import is_retryable
from text2db.schemas.events import ExtractionEvent, Stage
from text2db.schemas.rows import ApplyReport
from text2db.schemas.stages import IntegrateStage

IntegratorFor = Callable[[str, int], IntegrateStage]  # (job, plan_version) -> stage
STAGE = "integrate"
Decoded = tuple[ConsumerRecord, ExtractionEvent]


@dataclass(frozen=True)
class Letter:
    """A dead letter decided during a batch, sent only once the whole batch went through."""

    record: ConsumerRecord
    stage: Stage
    cause: BaseException
    attempts: int = 1
    event: ExtractionEvent | None = None


class IntegratorWorker:
    def __init__(self, settings: Settings, producer: KafkaProducer, integrator_for: IntegratorFor, config: ConsumerConfig,
                 renew_producer: bool = False):
        self.settings = settings
        self.producer = producer
        self.renew_producer = renew_producer  # replace a producer that failed a delivery (run_integrator's own)
        self.integrator_for = integrator_for
        self.config = config
        self.dead_letters = DeadLetterWriter(producer, settings)
        self.report = ApplyReport()  # everything this worker applied, for the demo and metrics

    def handle_batch(self, records: Sequence[ConsumerRecord]) -> None:
        letters: list[Letter] = []
        groups: dict[tuple[str, int], list[Decoded]] = defaultdict(list)
        for record in records:
            try:
                event = decode_extraction(record.value, self.settings.max_document_bytes)
            except Exception as exc:  # noqa: BLE001 - poison of any shape is dead-lettered, never a crash
                letters.append(Letter(record, "decode", exc))
                continue
            groups[(event.job, event.plan_version)].append((record, event))
        for (job, version), items in groups.items():
            letters += self.apply_group(job, version, items)
        deliveries: list[FutureRecordMetadata] = []
        for letter in letters:
            event = letter.event
            deliveries.append(self.dead_letters.send(
                letter.record, letter.stage, letter.cause, letter.attempts,
                job=event.job if event else None, document_id=event.document_id if event else None,
            ))
        try:
            await_delivery(self.producer, deliveries)
        except DeliveryFailed:  # the rewound batch re-applies idempotently, with a producer the broker knows
            if self.renew_producer:
                self.producer = replace_producer(self.producer, self.settings)
                self.dead_letters = DeadLetterWriter(self.producer, self.settings)
            raise

    def apply_group(self, job: str, version: int, items: list[Decoded]) -> list[Letter]:
        """Apply one plan's events; returns the Terminal failures to dead-letter."""
        try:
            self._apply(job, version, [event for _, event in items])
            return []
        except Failed as failed:
            self._raise_if_blocked(failed)
            if len(items) == 1:
                return [Letter(items[0][0], STAGE, failed.cause, failed.attempts, items[0][1])]
        # A Terminal failure of the batch: find the bad events by applying them one by one.
        letters: list[Letter] = []
        for record, event in items:
            try:
                self._apply(job, version, [event])
            except Failed as failed:
                self._raise_if_blocked(failed)
                letters.append(Letter(record, STAGE, failed.cause, failed.attempts, event))
        return letters

    @staticmethod
    def _raise_if_blocked(failed: Failed) -> None:
        """The quick tries are spent and the cause is Transient: an outage, not bad input."""
        if is_retryable(failed.cause):
            raise StageBlocked(f"integrate blocked: {type(failed.cause).__name__}: {failed.cause}") from failed.cause

    def _apply(self, job: str, version: int, events: list[ExtractionEvent]) -> None:
        def apply() -> ApplyReport:
            return self.integrator_for(job, version).apply(events)

        report = call_with_retries(apply, self.config, lambda _: metrics.RETRIES.labels(stage=STAGE).inc())
        self.report.merge(report)
        metrics.PRODUCED.labels(stage=STAGE).inc(len(events))


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
    consumer = make_consumer(settings, group, [settings.topics["extractions"]], config)
    worker = IntegratorWorker(settings, make_producer(settings), integrator_for, config, renew_producer=True)
    if worker_out is not None:
        worker_out.append(worker)
    try:
        return loop.run(consumer, worker.handle_batch, STAGE, config, limits, stop)
    finally:
        worker.producer.close()
