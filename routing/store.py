"""Where a job's selection memory lives: table `text2db_route_memory` in the job's own target
database (descriptions, row prototypes and accepted documents, each with its float16 vector),
next to the plan it was built from. Keys are not copied: they are read live from the tables.

`ensure_memory` builds the memory when the job's latest plan is newer than the stored one (a
plan was stored since), so a router picks up new jobs and new plan versions by itself."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import numpy as np
from sqlalchemy import Column, DateTime, Integer, LargeBinary, MetaData, String, Table, Text, UniqueConstraint, delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from text2db.integrators.lineage import insert_ignoring_duplicates, lineage_table
from text2db.planner.store import load_plan
from text2db.routing.configuration import RouterConfig
from text2db.routing.encoder import DIM
from text2db.routing.exceptions import MemoryUnavailable
from text2db.routing.memory import JobMemory, build_memory, read_keys
from text2db.schemas.events import utcnow

metadata = MetaData()
memory_table = Table(
    "text2db_route_memory",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("job", String(200), nullable=False),
    Column("kind", String(20), nullable=False),  # 'prototype' (description or row) or 'document'
    Column("table_name", String(200), nullable=False),
    Column("text_hash", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("vector", LargeBinary, nullable=False),  # float16, unit length
    Column("plan_version", Integer, nullable=False),
    Column("added_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("job", "kind", "table_name", "text_hash", name="uq_text2db_route_memory"),
)


def _rows(job: str, kind: str, tables: list[str], texts: list[str], vectors: np.ndarray, version: int) -> list[dict]:
    now = utcnow()
    return [{"job": job, "kind": kind, "table_name": t, "text_hash": hashlib.sha1(x.encode()).hexdigest(), "text": x,
             "vector": v.astype(np.float16).tobytes(), "plan_version": version, "added_at": now}
            for t, x, v in zip(tables, texts, vectors)]


def save_memory(engine: Engine, memory: JobMemory) -> None:
    """Replace the job's prototypes (a new plan version); accepted documents are kept."""
    try:
        metadata.create_all(engine, checkfirst=True)
        with engine.begin() as conn:
            conn.execute(delete(memory_table).where(memory_table.c.job == memory.job, memory_table.c.kind == "prototype"))
            rows = _rows(memory.job, "prototype", memory.proto_tables, memory.proto_texts, memory.protos, memory.plan_version)
            insert_ignoring_duplicates(conn, memory_table, rows, ["job", "kind", "table_name", "text_hash"])
    except SQLAlchemyError as exc:
        raise MemoryUnavailable(f"could not store the selection memory of job {memory.job!r}: {exc}") from exc


def remember_documents(engine: Engine, memory: JobMemory, leads: list[str], vectors: np.ndarray, keep: int) -> None:
    """Add accepted documents to the job's memory, in the database and in `memory`."""
    memory.add_documents(leads, vectors, keep)
    try:
        metadata.create_all(engine, checkfirst=True)
        with engine.begin() as conn:
            rows = _rows(memory.job, "document", [""] * len(leads), leads, vectors, memory.plan_version)
            insert_ignoring_duplicates(conn, memory_table, rows, ["job", "kind", "table_name", "text_hash"])
    except SQLAlchemyError as exc:
        raise MemoryUnavailable(f"could not store accepted documents of job {memory.job!r}: {exc}") from exc


def load_memory(engine: Engine, job: str, keep_documents: int) -> JobMemory | None:
    """The stored memory (without keys), or None when none was built yet."""
    metadata.create_all(engine, checkfirst=True)
    with engine.connect() as conn:
        rows = conn.execute(select(memory_table).where(memory_table.c.job == job).order_by(memory_table.c.id)).mappings().all()
    protos = [r for r in rows if r["kind"] == "prototype"]
    if not protos:
        return None
    docs = [r for r in rows if r["kind"] == "document"][-keep_documents:]

    def matrix(rs: Iterable) -> np.ndarray:
        vs = [np.frombuffer(r["vector"], dtype=np.float16).astype(np.float32) for r in rs]
        return np.stack(vs) if vs else np.zeros((0, DIM), dtype=np.float32)

    return JobMemory(job=job, plan_version=protos[0]["plan_version"], proto_tables=[r["table_name"] for r in protos],
                     proto_texts=[r["text"] for r in protos], protos=matrix(protos),
                     doc_texts=[r["text"] for r in docs], docs=matrix(docs))


def ensure_memory(engine: Engine, job: str, config: RouterConfig) -> JobMemory:
    """The job's memory for its latest plan (built and stored if missing or older), keys read live."""
    try:
        plan = load_plan(engine, job)
        memory = load_memory(engine, job, config.documents_per_job)
        if memory is None or memory.plan_version != plan.version:
            built = build_memory(engine, plan, config)
            if memory is not None:
                built.add_documents(memory.doc_texts, memory.docs, config.documents_per_job)
            save_memory(engine, built)
            return built
        memory.keys, memory.overflow = read_keys(engine, plan, config)
        memory.set_plan_facts(plan)
        return memory
    except SQLAlchemyError as exc:
        raise MemoryUnavailable(f"could not read the selection memory of job {job!r}: {exc}") from exc


def accepted(engine: Engine, job: str, document_ids: list[str]) -> set[str]:
    """Which of these documents the job accepted: the integrator wrote a cell from them."""
    if not document_ids:
        return set()
    try:
        with engine.connect() as conn:
            query = select(lineage_table.c.document_id).where(
                lineage_table.c.job == job, lineage_table.c.document_id.in_(document_ids)).distinct()
            return set(conn.execute(query).scalars())
    except SQLAlchemyError:
        return set()  # no lineage table yet: nothing accepted
