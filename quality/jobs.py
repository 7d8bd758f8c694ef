"""One benchmark instance as a text2db job: plan -> extract per document -> integrate.

In-process it calls the seams of ARCHITECTURE.md directly; via Kafka it publishes the
documents and runs the real extractor and integrator consumers until they have handled them,
on topics of its own, so both paths write the same rows.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import Engine

from text2db.config import Settings
from text2db.planner.store import PlanNotFound, load_plan, save_plan
from text2db.quality.llmusage import counting_client
from text2db.quality.exceptions import PipelineIncomplete
from text2db.schemas.events import DocumentEvent, ExtractionEvent, document_id_for
from text2db.schemas.plan import Plan

if TYPE_CHECKING:
    from text2db.quality.dataset import Instance
    from text2db.quality.run import RunStats


def job_name(instance: Instance) -> str:
    return f"bench-{instance.name}"


def plan_job(engine: Engine, instance: Instance, settings: Settings, stats: RunStats) -> Plan:
    """make_plan from the instruction and the live schema; stored so consumers read the same plan."""
    from text2db.planner.api import make_plan

    client = counting_client(settings)
    result = make_plan(engine, instance.instruction, job_name(instance), settings, llm=client if settings.planner_llm == "first" else None,
                       documents=instance.documents)
    if client is not None:
        stats.llm_calls += client.calls
        stats.llm_tokens += client.tokens
    try:
        plan = load_plan(engine, job_name(instance))
    except PlanNotFound:
        plan = save_plan(engine, result.plan)
    stats.planner = plan.planner
    return plan


def documents_of(instance: Instance, plan: Plan) -> list[DocumentEvent]:
    return [
        DocumentEvent(
            job=plan.job,
            document_id=document_id_for(text, f"{instance.name}#{i}"),
            text=text,
            plan_version=plan.version,
            source={"instance": instance.name, "index": i},
        )
        for i, text in enumerate(instance.documents)
    ]


def run_job(engine: Engine, instance: Instance, settings: Settings, stats: RunStats) -> None:
    from text2db.extractors.pipeline import build_extractor
    from text2db.integrators.pipeline import build_integrator

    plan = plan_job(engine, instance, settings, stats)
    extractor = build_extractor(plan, settings, engine)
    events = [extractor.extract(doc) for doc in documents_of(instance, plan)]
    _count_events(stats, events)
    report = build_integrator(engine, plan, settings).apply(events)
    stats.report = report.model_dump(mode="json")


def run_job_via_kafka(engine: Engine, instance: Instance, settings: Settings, stats: RunStats) -> None:
    from text2db.consumers.codec import decode_extraction
    from text2db.consumers.configuration import ConsumerConfig
    from text2db.consumers.deadletter import list_dead_letters, read_topic
    from text2db.consumers.extractor import await_delivery, run_extractor
    from text2db.consumers.integrator import run_integrator
    from text2db.consumers.kafka import ensure_topics, make_producer
    from text2db.consumers.loop import Limits
    from text2db.consumers.stages import extractor_for, integrator_for
    from text2db.schemas.events import dump

    run_id = uuid.uuid4().hex[:10]
    settings = settings.model_copy(update={"topic_prefix": f"bench-{run_id}", "partitions": 1})
    plan = plan_job(engine, instance, settings, stats)
    documents = documents_of(instance, plan)
    ensure_topics(settings)
    producer = make_producer(settings)
    try:
        sent = [producer.send(settings.topics["documents"], key=d.document_id.encode(), value=dump(d)) for d in documents]
        await_delivery(producer, sent)
    finally:
        producer.close()
    config = ConsumerConfig()
    limits = Limits(max_messages=len(documents), idle_timeout_s=60)
    run_extractor(settings, f"bench-extract-{run_id}", extractor_for(settings, engine), config, limits)
    extracted = [decode_extraction(r.value, settings.max_document_bytes) for r in read_topic(settings, settings.topics["extractions"])]
    _count_events(stats, extracted)
    workers: list[Any] = []
    if extracted:
        limits = Limits(max_messages=len(extracted), idle_timeout_s=60)
        run_integrator(settings, f"bench-integrate-{run_id}", integrator_for(settings, engine), config, limits, worker_out=workers)
        stats.report = workers[0].report.model_dump(mode="json")
    letters = list_dead_letters(settings)
    if letters:
        reasons = "; ".join(f"{x.stage}: {x.error_class}: {x.reason}" for x in letters)
        raise PipelineIncomplete(f"{len(letters)} record(s) dead-lettered: {reasons}")


def _count_events(stats: RunStats, events: list[ExtractionEvent]) -> None:
    stats.llm_calls += sum(e.stats.llm_calls for e in events)
    stats.llm_tokens += sum(e.stats.llm_tokens for e in events)
    stats.per_document += [{"document_id": e.document_id, **e.stats.model_dump()} for e in events]

