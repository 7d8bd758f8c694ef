"""The review table: values held back from the target (conflicts with an existing value,
low confidence, values that do not fit the column's format, ambiguous links, missing parents).
A reviewer accepts an item (its value is written through the same upsert path) or rejects it.
Unique on (job, document, table, row key, column, kind) so a replay adds no duplicates."""

from __future__ import annotations

import json
from typing import Any, Literal

from sqlalchemy import Column, DateTime, Float, Integer, MetaData, String, Table, Text, UniqueConstraint, select
from sqlalchemy.engine import Connection

from text2db.integrators.exceptions import ReviewItemNotFound
from text2db.integrators.lineage import Source, insert_ignoring_duplicates
from text2db.schemas.events import Cell, utcnow

ReviewKind = Literal["conflict", "low_confidence", "unnormalizable", "ambiguous_link", "missing_parent"]
Status = Literal["pending", "accepted", "rejected"]

metadata = MetaData()
review_table = Table(
    "text2db_review",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("job", String(200), nullable=False),
    Column("plan_version", Integer, nullable=False),
    Column("document_id", String(200), nullable=False),
    Column("table_name", String(200), nullable=False),
    Column("row_key", String(500), nullable=False),
    Column("key_json", Text, nullable=False),  # {key column: value}: where an accepted value goes
    Column("column_name", String(200), nullable=False),
    Column("kind", String(40), nullable=False),
    Column("value_json", Text),  # the proposed value (normalized when it could be)
    Column("current_value", Text),
    Column("reason", Text, nullable=False),
    Column("confidence", Float),
    Column("evidence_quote", Text),
    Column("tool", String(200)),
    Column("status", String(20), nullable=False, default="pending"),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("decided_at", DateTime(timezone=True)),
    UniqueConstraint("job", "document_id", "table_name", "row_key", "column_name", "kind", name="uq_text2db_review_item"),
)
UNIQUE = ["job", "document_id", "table_name", "row_key", "column_name", "kind"]


def item(source: Source, table: str, key: dict[str, Any], row_key: str, column: str, kind: ReviewKind,
         value: Any, reason: str, cell: Cell | None, current: Any = None) -> dict[str, Any]:
    return {
        "job": source.job, "plan_version": source.plan_version, "document_id": source.document_id,
        "table_name": table, "row_key": row_key, "key_json": json.dumps(key, default=str), "column_name": column,
        "kind": kind, "value_json": json.dumps(value, default=str), "reason": reason[:2000],
        "current_value": None if current is None else str(current), "confidence": cell.confidence if cell else None,
        "evidence_quote": cell.evidence.quote if cell and cell.evidence else None, "tool": cell.tool if cell else None,
        "status": "pending", "created_at": utcnow(),
    }


def write(conn: Connection, items: list[dict[str, Any]]) -> int:
    return insert_ignoring_duplicates(conn, review_table, items, UNIQUE)


def list_items(conn: Connection, status: Status | None = "pending", limit: int = 100) -> list[dict[str, Any]]:
    metadata.create_all(conn, checkfirst=True)
    query = select(review_table).order_by(review_table.c.id).limit(limit)
    if status:
        query = query.where(review_table.c.status == status)
    return [dict(r) for r in conn.execute(query).mappings()]


def pending_item(conn: Connection, item_id: int) -> dict[str, Any]:
    metadata.create_all(conn, checkfirst=True)
    row = conn.execute(
        select(review_table).where(review_table.c.id == item_id, review_table.c.status == "pending")
    ).mappings().first()
    if row is None:
        raise ReviewItemNotFound(f"no pending review item {item_id}")
    return dict(row)


def decide(conn: Connection, item_id: int, status: Status) -> None:
    conn.execute(review_table.update().where(review_table.c.id == item_id).values(status=status, decided_at=utcnow()))


def accept(conn: Connection, item_id: int) -> str:
    """Write a pending item's value to its row through the upsert path (insert the row when it
    does not exist, else set the cell: the reviewer has decided), record lineage, mark it."""
    from text2db.integrators import lineage
    from text2db.integrators.upsert import coerce, insert_row, reflect, update_cells

    entry = pending_item(conn, item_id)
    key = json.loads(entry["key_json"])
    value = json.loads(entry["value_json"]) if entry["value_json"] is not None else None
    target = reflect(conn, entry["table_name"], list(key))
    column = target.col(entry["column_name"])
    values = {k: coerce(v, target.col(k)) for k, v in key.items()}
    if column.name not in key:
        values[column.name] = coerce(value, column)
    ident, inserted = insert_row(conn, target, values)
    if not inserted and column.name not in key:
        update_cells(conn, target, ident, {column.name: values[column.name]})
    source = lineage.Source(entry["job"], entry["plan_version"], entry["document_id"])
    row = lineage.record(source, entry["table_name"], entry["row_key"], column.name, values.get(column.name), None)
    row.update(tool="text2db.review.accept", evidence_quote=entry["evidence_quote"], confidence=entry["confidence"])
    lineage.metadata.create_all(conn, checkfirst=True)
    conn.execute(lineage.lineage_table.delete().where(
        *[lineage.lineage_table.c[k] == row[k] for k in ("job", "document_id", "table_name", "row_key", "column_name")]))
    lineage.write(conn, [row])
    decide(conn, item_id, "accepted")
    return f"{'inserted row' if inserted else 'updated'} {entry['table_name']} {entry['row_key']!r}: {column.name} = {values.get(column.name)!r}"
