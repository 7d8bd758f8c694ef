"""The feed's tasks: archive new documents (text2db_documents), publish them, wait until the
job's consumers have caught up; plus copying documents from the topic into the archive."""

from __future__ import annotations

import json
import time
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from text2db.config import Settings
from text2db.orchestration.exceptions import LagTimeout
from text2db.orchestration.sources import read_source
from text2db.orchestration.tables import documents_table, engine_for, metadata, now
from text2db.schemas.events import DocumentEvent


def _archive(engine: Engine, job: str, doc: DocumentEvent, run_id: str, published_at: datetime | None = None) -> bool:
    """Store one document in the archive; False when it is there already (archived by
    another run meanwhile, or the same document published twice)."""
    try:
        with engine.begin() as conn:
            conn.execute(
                documents_table.insert().values(
                    job=job, document_id=doc.document_id, text=doc.text, source_json=json.dumps(doc.source),
                    run_id=run_id, discovered_at=now(), published_at=published_at,
                )
            )
    except IntegrityError:
        return False
    return True


def discover_documents(settings: Settings, job: str, source: str | list[str], run_id: str, limit: int = 0) -> dict[str, Any]:
    """Archive the source's documents not seen before for `job`, tagged with `run_id`."""
    engine = engine_for(settings)
    new = seen = 0
    try:
        metadata.create_all(engine, tables=[documents_table])
        with engine.connect() as conn:
            known = set(conn.scalars(select(documents_table.c.document_id).where(documents_table.c.job == job)))
        for doc in read_source(source, job):
            if doc.document_id in known:
                seen += 1
                continue
            if limit and new >= limit:
                break
            if _archive(engine, job, doc, run_id):
                new += 1
            else:
                seen += 1
            known.add(doc.document_id)
    finally:
        engine.dispose()
    return {"job": job, "run_id": run_id, "new": new, "seen": seen}


def archived_events(
    settings: Settings, job: str, run_id: str | None = None, plan_version: int | None = None, unpublished_only: bool = False
) -> list[DocumentEvent]:
    """The job's archived documents as events (one run's, or all of them for a backfill)."""
    engine = engine_for(settings)
    try:
        metadata.create_all(engine, tables=[documents_table])
        query = select(documents_table).where(documents_table.c.job == job).order_by(documents_table.c.discovered_at)
        if run_id is not None:
            query = query.where(documents_table.c.run_id == run_id)
        if unpublished_only:
            query = query.where(documents_table.c.published_at.is_(None))
        with engine.connect() as conn:
            rows = conn.execute(query).mappings().all()
    finally:
        engine.dispose()
    return [
        DocumentEvent(job=job, document_id=r["document_id"], text=r["text"], plan_version=plan_version,
                      source=json.loads(r["source_json"]))
        for r in rows
    ]


def _mark_published(settings: Settings, job: str, document_ids: list[str]) -> None:
    engine = engine_for(settings)
    try:
        with engine.begin() as conn:
            for start in range(0, len(document_ids), 500):
                conn.execute(
                    update(documents_table)
                    .where(documents_table.c.job == job, documents_table.c.document_id.in_(document_ids[start:start + 500]))
                    .values(published_at=now())
                )
    finally:
        engine.dispose()


def publish_events(settings: Settings, events: list[DocumentEvent]) -> int:
    """Publish with acks=all, keyed by document id (text2db.consumers.publish)."""
    from text2db.consumers.publish import publish

    return publish(settings, events) if events else 0


def publish_run(settings: Settings, job: str, run_id: str) -> dict[str, Any]:
    """Publish the documents `run_id` discovered that are not published yet (a retry resumes)."""
    events = archived_events(settings, job, run_id=run_id, unpublished_only=True)
    published = publish_events(settings, events)
    _mark_published(settings, job, [e.document_id for e in events])
    return {"job": job, "run_id": run_id, "published": published, "topic": settings.topics["documents"]}


def archive_from_topic(settings: Settings, job: str, run_id: str) -> dict[str, Any]:
    """Copy the job's documents still on the documents topic into the archive (documents
    published by `text2db publish`, outside Airflow), so a backfill sees them too."""
    from text2db.consumers.deadletter import read_topic

    engine = engine_for(settings)
    added = 0
    try:
        metadata.create_all(engine, tables=[documents_table])
        for record in read_topic(settings, settings.topics["documents"]):
            try:
                event = DocumentEvent.model_validate_json(record.value or b"")
            except ValueError:
                continue  # not a document: the consumers dead-letter it, the archive skips it
            if event.job == job and _archive(engine, job, event, run_id, published_at=event.published_at):
                added += 1
    finally:
        engine.dispose()
    return {"job": job, "archived": added}


def archive_size(settings: Settings, job: str) -> int:
    engine = engine_for(settings)
    try:
        metadata.create_all(engine, tables=[documents_table])
        with engine.connect() as conn:
            return int(conn.scalar(select(func.count()).where(documents_table.c.job == job)) or 0)
    finally:
        engine.dispose()


def consumer_lag(settings: Settings) -> dict[str, int]:
    """Uncommitted records per default consumer group, extractor group first: an extraction
    produced while we look is then already counted when the integrator group's lag is read."""
    from text2db.consumers.lag import lag_by_group

    return lag_by_group(settings)


def wait_for_consumers(settings: Settings, job: str, timeout_s: float = 900.0, poll_s: float = 1.0) -> dict[str, Any]:
    """Block until the consumer groups serving the job (the topic prefix's extract and
    integrate groups) have committed everything; LagTimeout (retried) if they do not."""
    started = time.monotonic()
    lag = consumer_lag(settings)
    while any(lag.values()):
        if time.monotonic() - started > timeout_s:
            raise LagTimeout(f"consumers of job {job!r} still behind after {timeout_s:.0f} s: {lag}")
        time.sleep(poll_s)
        lag = consumer_lag(settings)
    return {"job": job, "lag": lag, "waited_s": round(time.monotonic() - started, 2)}
