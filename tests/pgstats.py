"""PostgreSQL's own counters of what a test's statements read: full-table scans and index entries.

A backend flushes its counters when it ends, so dispose the engine that ran the statements before
reading them."""

from __future__ import annotations

from sqlalchemy import create_engine, text


def _read(url: str, query: str, name: str) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_stat_clear_snapshot()"))
            return int(conn.execute(text(query), {"n": name}).scalar())
    finally:
        engine.dispose()


def seq_reads(url: str, table: str = "person") -> int:
    """Rows full-table scans of `table` have read so far."""
    return _read(url, "SELECT seq_tup_read FROM pg_stat_user_tables WHERE relname = :n", table)


def index_entries_read(url: str, index: str) -> int:
    """Entries scans of `index` have returned so far."""
    return _read(url, "SELECT idx_tup_read FROM pg_stat_user_indexes WHERE indexrelname = :n", index)
