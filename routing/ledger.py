"""Routing decisions per document, in the router's database (`text2db_routing`): job, table,
score and why for every job a document was sent to, and one row with job '-' for a document
that fit none. Unique on (document, job, table): a redelivered batch adds nothing. Read by
`text2db lineage` (a cell's document shows how it was routed) and `text2db route show`.

Deliveries (`text2db_route_deliveries`): each copy the router is about to produce, (document,
job) with the topic's end offsets just before the first attempt, marked delivered once durable.
A copy still open when its batch comes again was produced by an attempt that died: the router
then looks past those offsets for it and does not produce it twice (see consumers/router.py)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import (Boolean, Column, DateTime, Float, Integer, MetaData, String, Table, Text, UniqueConstraint,
                        bindparam, select, update)
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


deliveries_table = Table(
    "text2db_route_deliveries",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("document_id", String(200), nullable=False),
    Column("job", String(200), nullable=False),  # '-' for the copy sent to <prefix>.unrouted
    Column("topic", String(300), nullable=False),
    Column("floors", Text, nullable=False),  # JSON {partition: end offset} of the topic before the attempt
    Column("delivered", Boolean, nullable=False),
    Column("opened_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("document_id", "job", name="uq_text2db_route_deliveries"),
)
Copy = tuple[str, str, str]  # (document, job, topic)
Floors = dict[int, int]  # partition -> offset


def open_deliveries(engine: Engine, copies: list[Copy], floors: dict[str, Floors]) -> dict[tuple[str, str], tuple[str, Floors]]:
    """Register the copies about to be produced (floors: each topic's end offsets now).
    Returns the copies an earlier attempt opened and never marked delivered, with that attempt's
    floors: they may be on the topic already. A copy delivered before is opened again (a document
    published again is routed again)."""
    t = deliveries_table
    try:
        metadata.create_all(engine, checkfirst=True)
        with engine.begin() as conn:
            docs = sorted({d for d, _, _ in copies})
            found = {(r.document_id, r.job): r for r in conn.execute(select(t).where(t.c.document_id.in_(docs)))}
            wanted = {(d, j) for d, j, _ in copies}
            earlier = {k: (r.topic, {int(p): o for p, o in json.loads(r.floors).items()})
                       for k, r in found.items() if k in wanted and not r.delivered}
            now = utcnow()
            fresh = [{"document_id": d, "job": j, "topic": tp, "floors": json.dumps(floors.get(tp, {})), "delivered": False,
                      "opened_at": now} for d, j, tp in copies if (d, j) not in found]
            again = [{"d": d, "j": j, "f": json.dumps(floors.get(tp, {}))} for d, j, tp in copies
                     if (d, j) in found and found[(d, j)].delivered]
            if fresh:
                insert_ignoring_duplicates(conn, t, fresh, ["document_id", "job"])
            if again:
                conn.execute(update(t).where(t.c.document_id == bindparam("d"), t.c.job == bindparam("j"))
                             .values(delivered=False, floors=bindparam("f"), opened_at=now), again)
            return earlier
    except SQLAlchemyError as exc:
        raise MemoryUnavailable(f"could not open routing deliveries: {exc}") from exc


def mark_delivered(engine: Engine, copies: list[tuple[str, str]]) -> None:
    """The copies are durable on their topic (the transaction committed, or acks=all)."""
    if not copies:
        return
    t = deliveries_table
    try:
        with engine.begin() as conn:
            conn.execute(update(t).where(t.c.document_id == bindparam("d"), t.c.job == bindparam("j")).values(delivered=True),
                         [{"d": d, "j": j} for d, j in copies])
    except SQLAlchemyError as exc:
        raise MemoryUnavailable(f"could not mark routing deliveries: {exc}") from exc


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
