"""The routing consumer on the real broker: routed copies on `<prefix>.documents`, the misfit on
`<prefix>.unrouted`, and a crash mid-batch that neither loses nor duplicates a routed copy and
records each decision once. (On Tansu the records of the dead router's transaction stay
readable after the restart; the restarted router finds them through the deliveries ledger and
does not produce them again. Issue 16.)"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from kafka import TopicPartition
from sqlalchemy import select
from sqlalchemy.engine import Engine

from text2db.consumers import router as router_stage
from text2db.consumers.kafka import make_consumer, make_producer
from text2db.consumers.loop import Limits
from text2db.consumers.publish import publish
from text2db.routing import ledger
from text2db.routing.configuration import RouterConfig
from text2db.routing.service import JobTarget, RoutingService
from text2db.schemas.events import DocumentEvent
from text2db.schemas.routing import ROUTE_PENDING

from .test_router import BOTH_DOC, FILM_DOC, NEITHER_DOC, PERSON_DOC


class Crash(BaseException):
    """Stands for the process dying: nothing below handles it, nothing is aborted or committed."""


def read_committed(settings, topic: str) -> list:  # type: ignore[no-untyped-def]
    consumer = make_consumer(settings, None, isolation_level="read_committed")
    partitions = [TopicPartition(topic, p) for p in sorted(consumer.partitions_for_topic(topic) or [])]
    consumer.assign(partitions)
    consumer.seek_to_beginning(*partitions)
    records, empty = [], 0
    while empty < 3:
        polled = consumer.poll(timeout_ms=1000)
        empty = 0 if polled else empty + 1
        records += [r for batch in polled.values() for r in batch]
    consumer.close()
    return records


def test_crash_mid_batch_neither_loses_nor_duplicates(two_jobs: Engine, kafka_settings, kafka_names,  # type: ignore[no-untyped-def]
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [FILM_DOC, PERSON_DOC, BOTH_DOC, NEITHER_DOC]
    docs = [DocumentEvent(job=ROUTE_PENDING, document_id=f"doc-{i}", text=t) for i, t in enumerate(texts)]
    publish(kafka_settings, docs, topic=kafka_settings.topics["inbox"])
    service = RoutingService([JobTarget("films", two_jobs), JobTarget("people", two_jobs)], RouterConfig())
    group = kafka_names.group("route")

    produced = {"n": 0}
    real_produce = router_stage.RouterWorker.produce

    def produce_then_die(self, document, decision):  # type: ignore[no-untyped-def]
        futures = real_produce(self, document, decision)
        produced["n"] += 1
        if produced["n"] == 2:  # two documents of the batch are on the broker, in the open transaction
            self.producer.flush()
            raise Crash()
        return futures

    monkeypatch.setattr(router_stage.RouterWorker, "produce", produce_then_die)
    with pytest.raises(Crash):
        router_stage.run_router(kafka_settings, group, service, limits=Limits(idle_timeout_s=20))
    monkeypatch.setattr(router_stage.RouterWorker, "produce", real_produce)
    # fence the dead router as its restart will, then see what the next stage can read of its
    # attempt (on Tansu: its copies, some only a moment later; on a broker that discards them:
    # nothing): the restart must find at least those, and produce exactly the rest
    fencer = make_producer(kafka_settings, transactional_id=f"{group}-router-0")
    fencer.init_transactions()
    fencer.close()
    leaked = len(read_committed(kafka_settings, kafka_settings.topics["documents"]))
    found_before = router_stage.NOT_AGAIN._value.get()
    # the restart (same group, same transactional id) fences the dead one and redoes the batch; it
    # stops once caught up, not after a few idle seconds (its group join alone can take that long)
    done = router_stage.run_router(kafka_settings, group, service,
                                   limits=Limits(until_caught_up=True, idle_timeout_s=30))
    assert done == len(texts)
    assert router_stage.NOT_AGAIN._value.get() - found_before >= leaked

    routed = Counter((r.key.decode(), json.loads(r.value)["job"]) for r in read_committed(kafka_settings, kafka_settings.topics["documents"]))
    assert routed == Counter({("doc-0", "films"): 1, ("doc-1", "people"): 1, ("doc-2", "films"): 1, ("doc-2", "people"): 1})
    with two_jobs.begin() as conn:  # every copy is marked delivered
        opened = conn.execute(select(ledger.deliveries_table.c.document_id, ledger.deliveries_table.c.job,
                                     ledger.deliveries_table.c.delivered)).all()
    assert sorted(opened) == [("doc-0", "films", True), ("doc-1", "people", True), ("doc-2", "films", True),
                              ("doc-2", "people", True), ("doc-3", "-", True)]
    with two_jobs.begin() as conn:  # one decision per (document, job): the redone batch added none
        decided = Counter((r["document_id"], r["job"]) for d in ("doc-0", "doc-1", "doc-2", "doc-3") for r in ledger.lookup(conn, d))
    assert decided == Counter({("doc-0", "films"): 1, ("doc-1", "people"): 1, ("doc-2", "films"): 1, ("doc-2", "people"): 1,
                               ("doc-3", "-"): 1})
    unrouted = read_committed(kafka_settings, kafka_settings.topics["unrouted"])
    assert {r.key.decode() for r in unrouted} == {"doc-3"}
    event = json.loads(unrouted[0].value)
    assert event["schema"] == "text2db.unrouted.v1" and event["document"]["text"] == NEITHER_DOC and len(event["scores"]) == 2
