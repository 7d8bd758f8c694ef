"""The extractor consumer: documents -> extractions, keyed by document id.

Per record: decode -> extract (retried when Transient) -> produce the extraction, or the dead
letter. Per batch: wait until every produce is acknowledged by all replicas, then the loop
commits. Nothing is committed that is not durable downstream."""

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
from text2db.consumers.exceptions import DeliveryFailed
from text2db.consumers.kafka import ensure_topics, make_consumer, make_producer
from text2db.consumers.retry import Failed, call_with_retries
from text2db.errors import InvalidMessage
from text2db.schemas.events import DocumentEvent, ExtractionEvent, dump
from text2db.schemas.stages import ExtractStage

ExtractorFor = Callable[[str, int | None], ExtractStage]  # (job, plan_version) -> stage
STAGE = "extract"


class ExtractorWorker:
    def __init__(self, settings: Settings, producer: KafkaProducer, extractor_for: ExtractorFor, config: ConsumerConfig):
        self.settings = settings
        self.producer = producer
        self.extractor_for = extractor_for
        self.config = config
        self.dead_letters = DeadLetterWriter(producer, settings)
        self.topic = settings.topics["extractions"]

    def handle_batch(self, records: Sequence[ConsumerRecord]) -> None:
        deliveries = [self.process(record) for record in records]
        await_delivery(self.producer, deliveries)

    def process(self, record: ConsumerRecord) -> FutureRecordMetadata:
        try:
            document = decode_document(record.value, self.settings.max_document_bytes)
        except InvalidMessage as exc:
            return self.dead_letters.send(record, "decode", exc)
        try:
            extraction = call_with_retries(lambda: self.extract(document), self.config, self._count_retry)
        except Failed as failed:
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
    producer = make_producer(settings)
    consumer = make_consumer(settings, group, [settings.topics["documents"]], config)
    worker = ExtractorWorker(settings, producer, extractor_for, config)
    try:
        return loop.run(consumer, worker.handle_batch, STAGE, config, limits, stop)
    finally:
        producer.close()
