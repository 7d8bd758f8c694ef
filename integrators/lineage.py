"""Lineage: for every cell the integrator writes, where the value came from (document, evidence
span, tool, model, confidence). Written in the same transaction as the cell; unique on
(job, document_id, table, row key, column) so a replayed batch adds nothing."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import Column, DateTime, Float, Integer, MetaData, String, Table, Text, UniqueConstraint, inspect, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from text2db.integrators import bulk
from text2db.schemas.events import Cell, utcnow

metadata = MetaData()
lineage_table = Table(
    "text2db_lineage",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("job", String(200), nullable=False),
    Column("plan_version", Integer, nullable=False),
    Column("document_id", String(200), nullable=False),
    Column("table_name", String(200), nullable=False),
    Column("row_key", String(500), nullable=False),
    Column("column_name", String(200), nullable=False),
    Column("value", Text),
    Column("evidence_start", Integer),
    Column("evidence_end", Integer),
    Column("evidence_quote", Text),
    Column("tool", String(200)),
    Column("model", String(200)),
    Column("confidence", Float),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("job", "document_id", "table_name", "row_key", "column_name", name="uq_text2db_lineage_cell"),
)


@dataclass(frozen=True)
class Source:
    """Which job, plan version and document a batch's cells come from."""

    job: str
    plan_version: int
    document_id: str


def insert_ignoring_duplicates(conn: Connection, table: Table, rows: list[dict[str, Any]], keys: list[str]) -> int:
    """Insert rows, skipping those whose `keys` already exist; returns how many were new."""
    if not rows:
        return 0
    columns = list(dict.fromkeys(c for r in rows for c in r))
    rows_json = bulk.payload(conn, table, rows, columns)
    if rows_json is not None:  # PostgreSQL: one statement (bulk.py); DO NOTHING also skips a
        # duplicate within the batch, the first one winning, as with executemany
        statement = bulk.insert_select(conn.dialect, table, tuple(columns), tuple(keys))
        return max(conn.execute(statement, {"rows": rows_json}).rowcount, 0)
    # Elsewhere (SQLite, other column types) one prepared statement run by the driver's
    # executemany: RETURNING would make SQLAlchemy rewrite the batch into one huge multi-VALUES
    # statement, which the server parses anew every batch. Both drivers sum executemany's
    # rowcount (0 for a skipped duplicate), so the count of new rows stays exact.
    result = conn.execute(_insert_ignoring(conn.dialect.name, table, tuple(keys)), [{c: r.get(c) for c in columns} for r in rows],
                          execution_options={"preserve_rowcount": True})
    return max(result.rowcount, 0)


@lru_cache(maxsize=64)
def _insert_ignoring(dialect: str, table: Table, keys: tuple[str, ...]) -> Any:
    insert = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(table)
    return insert.on_conflict_do_nothing(index_elements=list(keys))


def record(source: Source, table: str, row_key: str, column: str, value: Any, cell: Cell | None) -> dict[str, Any]:
    """One lineage row (returned, to be inserted with the batch's other lineage rows)."""
    evidence = cell.evidence if cell else None
    return {
        "job": source.job, "plan_version": source.plan_version, "document_id": source.document_id,
        "table_name": table, "row_key": row_key, "column_name": column, "value": None if value is None else str(value),
        "evidence_start": evidence.start if evidence else None, "evidence_end": evidence.end if evidence else None,
        "evidence_quote": evidence.quote if evidence else None, "tool": cell.tool if cell else "text2db.integrator",
        "model": cell.model if cell else None, "confidence": cell.confidence if cell else 1.0, "recorded_at": utcnow(),
    }


def write(conn: Connection, rows: list[dict[str, Any]]) -> int:
    return insert_ignoring_duplicates(conn, lineage_table, rows, ["job", "document_id", "table_name", "row_key", "column_name"])


def lookup(conn: Connection, table: str, row_key: str, column: str | None = None) -> list[dict[str, Any]]:
    """Lineage of a row (or one of its cells), newest first: what `text2db lineage` shows.
    Read-only: a database nothing was integrated into has no lineage table, and keeps none."""
    if not inspect(conn).has_table(lineage_table.name):
        return []
    query = select(lineage_table).where(lineage_table.c.table_name == table, lineage_table.c.row_key == row_key)
    if column:
        query = query.where(lineage_table.c.column_name == column)
    return [dict(r) for r in conn.execute(query.order_by(lineage_table.c.recorded_at.desc(), lineage_table.c.id.desc())).mappings()]
