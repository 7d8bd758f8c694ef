"""The extractor consumer: documents -> extractions, keyed by document id.

Per record: decode -> extract (a few quick tries when Transient) -> produce the extraction, or
the dead letter when the failure is Terminal. Per batch: wait until every produce is
acknowledged by all replicas, then the loop commits. Nothing is committed that is not durable
downstream. A Transient failure that outlasts the quick tries (database, broker or LLM away)
blocks the stage: the records before it are made durable and committed, the rest wait for the
loop's pause (StageBlocked), none of them is dead-lettered."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kafka import KafkaProducer
from kafka.consumer.fetcher import ConsumerRecord
from kafka.errors import KafkaError
from kafka.producer.future import FutureRecordMetadata

from text2db.config import Settings
from text2db.consumers import loop, metrics
from text2db.consumers.codec import decode_document
from text2db.consumers.configuration import ConsumerConfig
from text2db.consumers.deadletter import DeadLetterWriter
from text2db.consumers.exceptions import DeliveryFailed, StageBlocked
from text2db.consumers.kafka import ensure_topics, make_consumer, make_producer, replace_producer
from text2db.consumers.retry import Failed, call_with_retries
from text2db.errors import is_retryable
from text2db.schemas.events import DocumentEvent, ExtractionEvent, dump
from text2db.schemas.stages import ExtractStage

ExtractorFor = Callable[[str, int | None], ExtractStage]  # (job, plan_version) -> stage
STAGE = "extract"


class ExtractorWorker:
    def __init__(self, settings: Settings, producer: KafkaProducer, extractor_for: ExtractorFor, config: ConsumerConfig,
                 renew_producer: bool = False):
        self.settings = settings
        self.producer = producer
        self.renew_producer = renew_producer  # replace a producer that failed a delivery (run_extractor's own)
        self.extractor_for = extractor_for
        self.config = config
        self.dead_letters = DeadLetterWriter(producer, settings)
        self.topic = settings.topics["extractions"]

    def handle_batch(self, records: Sequence[ConsumerRecord]) -> None:
        try:
            self._handle_batch(records)
        except DeliveryFailed:
            if self.renew_producer:  # the retried batch gets a producer the broker knows
                self.producer = replace_producer(self.producer, self.settings)
                self.dead_letters = DeadLetterWriter(self.producer, self.settings)
            raise

    def _handle_batch(self, records: Sequence[ConsumerRecord]) -> None:
        deliveries: list[FutureRecordMetadata] = []
        for index, record in enumerate(records):
            try:
                deliveries.append(self.process(record))
            except Exception as exc:  # noqa: BLE001 - classified: an outage blocks, the rest is poison
                if not is_retryable(exc):
                    deliveries.append(self.dead_letters.send(record, STAGE, exc))
                    continue
                await_delivery(self.producer, deliveries)  # the head is durable: the loop commits it
                raise StageBlocked(f"extract blocked at {record.topic}[{record.partition}]@{record.offset}: "
                                   f"{type(exc).__name__}: {exc}", durable=index) from exc
        await_delivery(self.producer, deliveries)

    def process(self, record: ConsumerRecord) -> FutureRecordMetadata:
        """Produce the record's extraction (or its dead letter); raises only what is Transient."""
        try:
            document = decode_document(record.value, self.settings.max_document_bytes)
        except Exception as exc:  # noqa: BLE001 - poison of any shape is dead-lettered, never a crash
            return self.dead_letters.send(record, "decode", exc)
        try:
            extraction = call_with_retries(lambda: self.extract(document), self.config, self._count_retry)
        except Failed as failed:
            if is_retryable(failed.cause):
                raise failed.cause from None
            return self.dead_letters.send(
                record, STAGE, failed.cause, failed.attempts, job=document.job, document_id=document.document_id
            )
        metrics.PRODUCED.labels(stage=STAGE).inc()
        return self.producer.send(self.topic, key=document.document_id.encode(), value=dump(extraction))

    def extract(self, document: DocumentEvent) -> ExtractionEvent:
        return self.extractor_for(document.job, document.plan_version).extract(document)

    def _count_retry(self, _: BaseException) -> None:
        metrics.RETRIES.labels(stage=STAGE).inc()


def await_delivery(producer: KafkaProducer, deliveries: Sequence[FutureRecordMetadata]) -> None:
    """Block until every produce of the batch is acknowledged (acks=all) or raise DeliveryFailed."""
    producer.flush()
    for future in deliveries:
        try:
            future.get(timeout=60)
        except KafkaError as exc:
            raise DeliveryFailed(f"produce not acknowledged: {exc}") from exc


def run_extractor(
    settings: Settings,
    group: str,
    extractor_for: ExtractorFor,
    config: ConsumerConfig | None = None,
    limits: loop.Limits = loop.Limits(),
    stop: loop.StopFlag | None = None,
) -> int:
    """Consume `<prefix>.documents` in `group` until stopped or a limit; returns records processed."""
    config = config or ConsumerConfig()
    ensure_topics(settings)
    consumer = make_consumer(settings, group, [settings.topics["documents"]], config)
    worker = ExtractorWorker(settings, make_producer(settings), extractor_for, config, renew_producer=True)
    try:
        return loop.run(consumer, worker.handle_batch, STAGE, config, limits, stop)
    finally:
        worker.producer.close()
