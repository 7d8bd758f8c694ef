"""The routing consumer (issue 16): `<prefix>.inbox` -> `<prefix>.documents` (one copy per job
the document belongs to, job set) or `<prefix>.unrouted` (with the scores).

Per batch: decode (bad records are dead-lettered) -> route every document (small models, the
LLM for close ties) -> record the decisions in the database -> produce the routed records ->
commit the batch's offsets. With `TEXT2DB_ROUTE_TRANSACTIONS` (default) the produces and the
offsets go in one Kafka transaction, and a restart with the same transactional id fences a
dead predecessor. Nothing is committed before it is durable, and decisions are recorded once
(unique rows).

No copy twice: measured on Tansu, the records of a dead router's transaction (or of an aborted
one) stay readable after the restart, so producing the batch again would leave a second copy
of the same (document, job). Each copy is therefore opened in the ledger (with the topic's end
offsets) before it is produced and marked delivered once durable; when a batch comes again,
the copies still open are looked for past those offsets, as the extractors read the topic
(read_committed), and only the ones not there are produced. On a broker that discards aborted
records nothing is found and everything is produced again: no copy lost either way."""

from __future__ import annotations

import json
import logging
import time
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
from text2db.consumers.exceptions import DeliveryFailed
from text2db.errors import InvalidMessage
from text2db.routing import ledger
from text2db.routing.exceptions import MemoryUnavailable
from text2db.routing.scorer import Document
from text2db.routing.service import RoutingService
from text2db.schemas.events import DocumentEvent, dump
from text2db.schemas.routing import RouteDecision, UnroutedEvent

STAGE = "route"
log = logging.getLogger(__name__)
ROUTED = Counter("text2db_routed_documents", "Documents sent to a job by the router.", ["job", "decided_by"])
UNROUTED = Counter("text2db_unrouted_documents", "Documents that fit no job (sent to <prefix>.unrouted).")
NOT_AGAIN = Counter("text2db_routed_copies_found", "Copies a dead attempt had produced already, not produced again.")
SCAN_SECONDS = 30.0  # at most this long to read back what a dead attempt produced


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


class TopicReader:
    """Reads topics as the next stage does (read_committed): end offsets, and which copies exist."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.consumer = make_consumer(settings, None, isolation_level="read_committed")

    def floors(self, topics: set[str]) -> dict[str, ledger.Floors]:
        tps = [TopicPartition(t, p) for t in sorted(topics) for p in sorted(self.consumer.partitions_for_topic(t) or [])]
        ends = self.consumer.end_offsets(tps) if tps else {}
        return {t: {tp.partition: int(o) for tp, o in ends.items() if tp.topic == t} for t in topics}

    def present(self, wanted: dict[tuple[str, str], tuple[str, ledger.Floors]]) -> set[tuple[str, str]]:
        """The (document, job) copies readable on their topic past the floors of their first attempt."""
        starts: dict[TopicPartition, int] = {}
        for topic, floors in wanted.values():
            for partition, offset in floors.items():
                tp = TopicPartition(topic, partition)
                starts[tp] = min(starts.get(tp, offset), offset)
        if not starts:
            return set()
        ends = self.consumer.end_offsets(list(starts))
        todo = {tp for tp in starts if ends[tp] > starts[tp]}
        if not todo:
            return set()
        self.consumer.assign(list(todo))
        for tp in todo:
            self.consumer.seek(tp, starts[tp])
        found: set[tuple[str, str]] = set()
        deadline = time.monotonic() + SCAN_SECONDS
        while todo:
            if time.monotonic() > deadline:
                raise DeliveryFailed(f"could not read back {sorted(t.topic for t in todo)} to find copies of a dead attempt")
            for tp, records in self.consumer.poll(timeout_ms=500).items():
                for r in records:
                    copy = (r.key.decode() if r.key else "", self._job(r))
                    if copy in wanted and r.topic == wanted[copy][0] and r.offset >= wanted[copy][1].get(r.partition, 0):
                        found.add(copy)
            todo = {tp for tp in todo if self.consumer.position(tp) < ends[tp]}
        return found

    def _job(self, record: ConsumerRecord) -> str:
        if record.topic == self.settings.topics["unrouted"]:
            return ledger.UNROUTED_JOB
        try:
            return str(json.loads(record.value).get("job", ""))
        except (ValueError, AttributeError):
            return ""

    def close(self) -> None:
        self.consumer.close()


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
        self.reader = TopicReader(settings)
        self.copies: list[ledger.Copy] = []  # the batch's copies, opened in the ledger
        self.found: set[tuple[str, str]] = set()  # those a dead attempt produced already

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
        try:
            ledger.mark_delivered(self.engine, [(d, j) for d, j, _ in self.copies])
        except MemoryUnavailable as exc:  # they stay open: a replay of the batch would look them up, nothing else
            log.warning("routed copies delivered but not marked (%s)", exc)

    def process(self, records: Sequence[ConsumerRecord]) -> list[FutureRecordMetadata]:
        self.copies, self.found = [], set()
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
        self.copies = [(d.document_id, job, topic) for (_, d), decision in zip(decoded, decisions)
                       for job, topic in self.targets(decision)]
        self.found = self.open_copies(self.copies)
        for (_, document), decision in zip(decoded, decisions):
            deliveries += self.produce(document, decision)
        return deliveries

    def targets(self, decision: RouteDecision) -> list[tuple[str, str]]:
        """(job, topic) of every copy the decision sends."""
        if not decision.routed:
            return [(ledger.UNROUTED_JOB, self.settings.topics["unrouted"])]
        return [(c.job, self.settings.topics["documents"]) for c in decision.chosen]

    def open_copies(self, copies: list[ledger.Copy]) -> set[tuple[str, str]]:
        """Open the batch's copies in the ledger; returns those a dead attempt left on their topic."""
        floors = self.reader.floors({topic for _, _, topic in copies})
        earlier = ledger.open_deliveries(self.engine, copies, floors)
        found = self.reader.present(earlier) if earlier else set()
        if found:
            NOT_AGAIN.inc(len(found))
            log.info("%d routed copies of an earlier attempt are on their topic already; not producing them again", len(found))
        return found

    def produce(self, document: DocumentEvent, decision: RouteDecision) -> list[FutureRecordMetadata]:
        key = document.document_id.encode()
        if not decision.routed:
            if (document.document_id, ledger.UNROUTED_JOB) in self.found:
                return []
            UNROUTED.inc()
            event = UnroutedEvent(document=document, scores=decision.scores[:10],
                                  reason=ledger.rows_of(decision)[0]["why"])
            return [self.producer.send(self.settings.topics["unrouted"], key=key, value=dump(event))]
        out = []
        for choice in decision.chosen:
            if (document.document_id, choice.job) in self.found:
                continue
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
        worker.reader.close()
        producer.close()
