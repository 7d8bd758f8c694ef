"""Routing decisions per document, in the router's database (`text2db_routing`): job, table,
score and why for every job a document was sent to, and one row with job '-' for a document
that fit none. Unique on (document, job, table): a redelivered batch adds nothing. Read by
`text2db lineage` (a cell's document shows how it was routed) and `text2db route show`."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, DateTime, Float, Integer, MetaData, String, Table, Text, UniqueConstraint, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from text2db.integrators.lineage import insert_ignoring_duplicates
from text2db.routing.exceptions import MemoryUnavailable
from text2db.schemas.events import utcnow
from text2db.schemas.routing import RouteDecision

UNROUTED_JOB = "-"
metadata = MetaData()
routing_table = Table(
    "text2db_routing",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("document_id", String(200), nullable=False),
    Column("job", String(200), nullable=False),
    Column("table_name", String(200), nullable=False),
    Column("score", Float, nullable=False),
    Column("decided_by", String(40), nullable=False),
    Column("why", Text, nullable=False),
    Column("decided_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("document_id", "job", "table_name", name="uq_text2db_routing"),
)


def rows_of(decision: RouteDecision) -> list[dict[str, Any]]:
    now = utcnow()
    if not decision.routed:
        best = decision.scores[0] if decision.scores else None
        why = "fits no job: " + "; ".join(f"{s.job} {s.score:.3f}" for s in decision.scores[:3]) if best else "no jobs"
        return [{"document_id": decision.document_id, "job": UNROUTED_JOB, "table_name": "", "score": best.score if best else 0.0,
                 "decided_by": decision.decided_by, "why": why, "decided_at": now}]
    return [{"document_id": decision.document_id, "job": c.job, "table_name": c.table, "score": c.score,
             "decided_by": decision.decided_by, "why": c.why, "decided_at": now} for c in decision.chosen]


def record(engine: Engine, decisions: list[RouteDecision]) -> int:
    """Store the batch's decisions in one transaction; returns how many rows were new."""
    rows = [r for d in decisions for r in rows_of(d)]
    try:
        metadata.create_all(engine, checkfirst=True)
        with engine.begin() as conn:
            return insert_ignoring_duplicates(conn, routing_table, rows, ["document_id", "job", "table_name"])
    except SQLAlchemyError as exc:
        raise MemoryUnavailable(f"could not record routing decisions: {exc}") from exc


def lookup(conn: Connection, document_id: str) -> list[dict[str, Any]]:
    metadata.create_all(conn, checkfirst=True)
    query = select(routing_table).where(routing_table.c.document_id == document_id).order_by(routing_table.c.score.desc())
    return [dict(r) for r in conn.execute(query).mappings()]


def describe(row: dict[str, Any]) -> str:
    """One line per decision, as `text2db lineage` and `text2db route show` print it."""
    where = "unrouted" if row["job"] == UNROUTED_JOB else f"job {row['job']} table {row['table_name']}"
    return f"routed {row['document_id']}: {where} score {row['score']:.3f} by {row['decided_by']} ({row['why']})"
