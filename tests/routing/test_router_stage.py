"""The routing consumer on the real broker: routed copies on `<prefix>.documents`, the misfit on
`<prefix>.unrouted`, and a crash mid-batch that loses no routed document and records each
decision once. (Measured: on Tansu a record of the dead router's open transaction can still be
read after the restart, so the topic may carry a second copy of the same (document, job); the
extractor and integrator writes are idempotent on it. Open work: see README, Routing.)"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from kafka import TopicPartition
from sqlalchemy.engine import Engine

from text2db.consumers import router as router_stage
from text2db.consumers.kafka import make_consumer
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
    # the restart (same group, same transactional id) fences the dead one and redoes the batch
    done = router_stage.run_router(kafka_settings, group, service, limits=Limits(idle_timeout_s=4))
    assert done == len(texts)

    routed = Counter((r.key.decode(), json.loads(r.value)["job"]) for r in read_committed(kafka_settings, kafka_settings.topics["documents"]))
    assert set(routed) == {("doc-0", "films"), ("doc-1", "people"), ("doc-2", "films"), ("doc-2", "people")}
    with two_jobs.begin() as conn:  # one decision per (document, job): the redone batch added none
        decided = Counter((r["document_id"], r["job"]) for d in ("doc-0", "doc-1", "doc-2", "doc-3") for r in ledger.lookup(conn, d))
    assert decided == Counter({("doc-0", "films"): 1, ("doc-1", "people"): 1, ("doc-2", "films"): 1, ("doc-2", "people"): 1,
                               ("doc-3", "-"): 1})
    unrouted = read_committed(kafka_settings, kafka_settings.topics["unrouted"])
    assert {r.key.decode() for r in unrouted} == {"doc-3"}
    event = json.loads(unrouted[0].value)
    assert event["schema"] == "text2db.unrouted.v1" and event["document"]["text"] == NEITHER_DOC and len(event["scores"]) == 2
