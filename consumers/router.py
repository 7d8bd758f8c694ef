"""The routing consumer (issue 16): `<prefix>.inbox` -> `<prefix>.documents` (one copy per job
the document belongs to, job set) or `<prefix>.unrouted` (with the scores).

Per batch: decode (bad records are dead-lettered) -> route every document (small models, the
LLM for close ties) -> record the decisions in the database -> produce the routed records ->
commit the batch's offsets. With `TEXT2DB_ROUTE_TRANSACTIONS` (default) the produces and the
offsets go in one Kafka transaction, and a restart with the same transactional id fences a
dead predecessor. Delivery is at least once: nothing is committed before it is durable, and
decisions are recorded once (unique rows). Measured on Tansu: a record of a dead router's open
transaction can still be read after the restart, so a crash may leave a second copy of the
same (document, job) on `<prefix>.documents`; the extractors' and integrators' writes are
idempotent on it."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from kafka import KafkaProducer, TopicPartition
from kafka.consumer.fetcher import ConsumerRecord
from kafka.producer.future import FutureRecordMetadata
from kafka.structs import OffsetAndMetadata
from prometheus_client import Counter

from text2db.config import Settings
from text2db.consumers import loop, metrics
from text2db.consumers.codec import decode_document
from text2db.consumers.configuration import ConsumerConfig
from text2db.consumers.deadletter import DeadLetterWriter
from text2db.consumers.extractor import await_delivery
from text2db.consumers.kafka import ensure_topics, make_consumer, make_producer
from text2db.consumers.retry import Failed, call_with_retries
from text2db.errors import InvalidMessage
from text2db.routing import ledger
from text2db.routing.scorer import Document
from text2db.routing.service import RoutingService
from text2db.schemas.events import DocumentEvent, dump
from text2db.schemas.routing import RouteDecision, UnroutedEvent

STAGE = "route"
log = logging.getLogger(__name__)
ROUTED = Counter("text2db_routed_documents", "Documents sent to a job by the router.", ["job", "decided_by"])
UNROUTED = Counter("text2db_unrouted_documents", "Documents that fit no job (sent to <prefix>.unrouted).")


def routed_copy(document: DocumentEvent, job: str, table: str, score: float) -> DocumentEvent:
    """The document as the extractor stage reads it: the job set, the decision in `source`."""
    source = dict(document.source) | {"routed_table": table, "route_score": round(score, 4)}
    return document.model_copy(update={"job": job, "plan_version": None, "source": source})


def next_offsets(records: Sequence[ConsumerRecord]) -> dict[TopicPartition, OffsetAndMetadata]:
    offsets: dict[TopicPartition, OffsetAndMetadata] = {}
    for r in records:
        tp = TopicPartition(r.topic, r.partition)
        if tp not in offsets or offsets[tp].offset <= r.offset:
            offsets[tp] = OffsetAndMetadata(r.offset + 1, "", -1)
    return offsets


class RouterWorker:
    def __init__(self, settings: Settings, producer: KafkaProducer, service: RoutingService, config: ConsumerConfig,
                 group: str, transactional: bool) -> None:
        self.settings = settings
        self.producer = producer
        self.service = service
        self.config = config
        self.group = group
        self.transactional = transactional
        self.dead_letters = DeadLetterWriter(producer, settings)
        self.engine = next(iter(service.targets.values())).engine  # the router's ledger lives with the first job

    def handle_batch(self, records: Sequence[ConsumerRecord]) -> None:
        if self.transactional:
            self.producer.begin_transaction()
        try:
            await_delivery(self.producer, self.process(records))
            if self.transactional:
                self.producer.send_offsets_to_transaction(next_offsets(records), self.group)
                self.producer.commit_transaction()
        except Exception:
            if self.transactional:
                self._abort()
            raise

    def process(self, records: Sequence[ConsumerRecord]) -> list[FutureRecordMetadata]:
        deliveries, decoded = [], []
        for record in records:
            try:
                decoded.append((record, decode_document(record.value, self.settings.max_document_bytes)))
            except InvalidMessage as exc:
                deliveries.append(self.dead_letters.send(record, "decode", exc))
        if not decoded:
            return deliveries
        documents = [Document(d.document_id, d.text) for _, d in decoded]
        try:
            decisions = call_with_retries(lambda: self.service.route(documents), self.config)
            call_with_retries(lambda: ledger.record(self.engine, decisions), self.config)
        except Failed as failed:
            return deliveries + [self.dead_letters.send(r, STAGE, failed.cause, failed.attempts, document_id=d.document_id)
                                 for r, d in decoded]
        for (_, document), decision in zip(decoded, decisions):
            deliveries += self.produce(document, decision)
        return deliveries

    def produce(self, document: DocumentEvent, decision: RouteDecision) -> list[FutureRecordMetadata]:
        key = document.document_id.encode()
        if not decision.routed:
            UNROUTED.inc()
            event = UnroutedEvent(document=document, scores=decision.scores[:10],
                                  reason=ledger.rows_of(decision)[0]["why"])
            return [self.producer.send(self.settings.topics["unrouted"], key=key, value=dump(event))]
        out = []
        for choice in decision.chosen:
            ROUTED.labels(job=choice.job, decided_by=decision.decided_by).inc()
            metrics.PRODUCED.labels(stage=STAGE).inc()
            copy = routed_copy(document, choice.job, choice.table, choice.score)
            out.append(self.producer.send(self.settings.topics["documents"], key=key, value=dump(copy)))
        return out

    def _abort(self) -> None:
        try:
            self.producer.abort_transaction()
        except Exception as exc:  # the transaction may already be gone (fenced, broker away)
            log.warning("abort of the routing transaction failed (%s)", exc)


def run_router(
    settings: Settings,
    group: str,
    service: RoutingService,
    config: ConsumerConfig | None = None,
    limits: loop.Limits = loop.Limits(),
    stop: loop.StopFlag | None = None,
    instance: int = 0,
) -> int:
    """Consume `<prefix>.inbox` in `group` until stopped or a limit; returns records processed.
    `instance` tells two routers of one group apart (their transactional ids differ)."""
    config = config or ConsumerConfig()
    ensure_topics(settings)
    transactional = service.config.transactions
    extra = {"transactional_id": f"{group}-router-{instance}"} if transactional else {}
    producer = make_producer(settings, **extra)
    if transactional:
        producer.init_transactions()  # fences a dead predecessor and aborts its open transaction
    consumer = make_consumer(settings, group, [settings.topics["inbox"]], config, isolation_level="read_committed")
    worker = RouterWorker(settings, producer, service, config, group, transactional)
    try:
        return loop.run(consumer, worker.handle_batch, STAGE, config, limits, stop)
    finally:
        producer.close()
