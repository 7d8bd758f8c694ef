"""Many rows in one PostgreSQL statement whatever their number: the rows travel as one JSON
parameter and `json_populate_recordset` turns them back into rows of the table's own column
types, for INSERT ... SELECT ... ON CONFLICT DO NOTHING [RETURNING].

Why not the alternatives: a pipelined executemany pays Python and protocol work per row
(~0.1 ms each, and lineage is three rows per data row); a multi-row VALUES statement changes
text with the row count, so psycopg parses it every batch and the server never prepares it;
array parameters are dumped element by element in Python. json.dumps is C, and this statement's
text is fixed per table and column set, so psycopg prepares it once.

Only where JSON carries every value exactly: the columns are text, integer, float, timestamp or
boolean, and the values str, int, finite float, datetime, bool or None. Otherwise `payload`
returns None and the caller keeps its per-row path. Identifiers come from the Table and are
quoted by the dialect; the rows are one bound parameter.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import Boolean, DateTime, Float, Integer, String, Table, text
from sqlalchemy.engine import Connection

JSON_SAFE = (String, Integer, Float, DateTime, Boolean)  # Text is a String


def payload(conn: Connection, table: Table, rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str | None:
    """The rows as one JSON array for `insert_select`, or None where it does not fit: not
    PostgreSQL, a column JSON cannot carry exactly, a column left out that has a Python-side
    default (INSERT ... SELECT would not apply it), a value with no exact JSON form."""
    if conn.dialect.name != "postgresql" or not rows:
        return None
    if any(c not in table.c or not isinstance(table.c[c].type, JSON_SAFE) for c in columns):
        return None
    if any(col.name not in columns and col.default is not None for col in table.columns):
        return None
    if not all(len(r) == len(columns) for r in rows):  # `columns` covers every row's keys: some lack one
        rows = [{c: r.get(c) for c in columns} for r in rows]
    try:
        return json.dumps(rows, default=_json_scalar, allow_nan=False)
    except (TypeError, ValueError):
        return None


def _json_scalar(value: Any) -> str:
    """A datetime as PostgreSQL reads it back (ISO 8601, microseconds and offset kept)."""
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} does not go through JSON")


@lru_cache(maxsize=128)
def insert_select(dialect: Any, table: Table, columns: tuple[str, ...], conflict: tuple[str, ...],
                  returning: tuple[str, ...] = ()) -> Any:
    """INSERT INTO table (columns) SELECT columns FROM json_populate_recordset(NULL::table, :rows)
    ON CONFLICT (conflict) DO NOTHING [RETURNING returning]; bind the payload as `rows`."""
    preparer = dialect.identifier_preparer
    name, cols = preparer.format_table(table), ", ".join(preparer.quote(c) for c in columns)
    sql = (f"INSERT INTO {name} ({cols}) SELECT {cols} FROM json_populate_recordset(NULL::{name}, CAST(:rows AS json)) "
           f"ON CONFLICT ({', '.join(preparer.quote(k) for k in conflict)}) DO NOTHING")
    if returning:
        sql += f" RETURNING {', '.join(preparer.quote(c) for c in returning)}"
    return text(sql)
