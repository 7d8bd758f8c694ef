"""Entity locks: integrators in different processes resolve entities of a table one at a time.

Linking reads the table's existing names, then inserts what matched nothing. Two integrators
doing that at once for "Kaloven Tarmi" and "KALOVEN TARMI" (or a one-letter typo) each see no
match and each insert a row; a unique index cannot stop it because the two spellings differ.
A lock on the normalized key would not help either: a typo normalizes differently, and fuzzy
linking may match any row of the table. So the lock is per target table, taken at the start of
the transaction and held until it commits or rolls back:

- PostgreSQL: a transaction-scoped advisory lock per table (pg_advisory_xact_lock), taken in
  sorted order so two plans over the same tables cannot deadlock;
- SQLite: BEGIN IMMEDIATE, the database's write lock (SQLite has one writer anyway); a
  waiting writer gets "database is locked" after the busy timeout, which is Transient.

The cost: integrator transactions over the same table run one after another. Transactions over
different tables still run side by side.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import text
from sqlalchemy.engine import Connection

from text2db.schemas.plan import Plan

LOCK_NAMESPACE = "text2db.entity"


def plan_tables(plan: Plan) -> list[str]:
    """Every table a plan may create or link rows in: its tables and their foreign-key parents."""
    names = {t.table for t in plan.tables}
    names |= {c.link.table for t in plan.tables for c in t.columns if c.link is not None}
    return sorted(names)


def lock_tables(conn: Connection, tables: Iterable[str]) -> None:
    """Hold the entity lock of each table until `conn`'s transaction ends. Call it first in the
    transaction, before anything is read for linking."""
    dialect = conn.dialect.name
    if dialect == "postgresql":
        for table in sorted(set(tables)):
            conn.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:name, 0))"),
                         {"name": f"{LOCK_NAMESPACE}:{table}"})
    elif dialect == "sqlite" and not conn.connection.dbapi_connection.in_transaction:  # type: ignore[union-attr]
        conn.exec_driver_sql("BEGIN IMMEDIATE")
