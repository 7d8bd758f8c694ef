"""The delta of a database against an instance's input.sqlite: the set of facts it added.

A fact is (table, row key, column, value): every non-null cell of a new row (its key
included, surrogate ids excluded), every cell changed to a non-null value, every non-null cell
of a new column. Rows are keyed by the natural key of meta.json, so surrogate `id`s may differ.
A foreign-key column holds the natural key of the row it references, resolved in each database
separately (`dish.country_id` = 7 counts as "Spain" when row 7 of `country` is Spain), so two
databases that gave their new parent rows different ids agree; a foreign key that references
no row becomes a value nothing matches.
Values are canonical strings: numbers compare as numbers ("1983" == 1983 == 1983.0).
Tables named text2db_* are our bookkeeping and never count.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, NamedTuple

from text2db.quality.exceptions import PredictionError

NULL_LIKE = frozenset({"", "none", "null", "n/a"})
NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


class Fact(NamedTuple):
    table: str
    key: str
    column: str
    value: str


def is_null_like(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip().lower() in NULL_LIKE)


def canonical(value: Any) -> str:
    """A comparable string: numbers in one form whatever their storage type, text unchanged."""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, (int, float)):
        return _number(Decimal(repr(value)) if isinstance(value, float) else Decimal(value))
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    text = str(value)
    if NUMBER.match(text.strip()):
        try:
            return _number(Decimal(text.strip()))
        except InvalidOperation:
            return text
    return text


def _number(d: Decimal) -> str:
    if not d.is_finite():
        return str(d)
    text = format(d.normalize(), "f")
    return "0" if text in ("-0", "+0") else text


@dataclass
class TableSnapshot:
    columns: list[str]
    key_columns: list[str]
    surrogate: set[str]
    rows: dict[str, dict[str, Any]] = field(default_factory=dict)


def read_tables(path: Path, natural_keys: dict[str, Any]) -> dict[str, TableSnapshot]:
    """Every user table of a SQLite file, rows keyed by the natural key (else the primary key)."""
    if not path.is_file():
        raise PredictionError(f"{path} does not exist")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            snaps = {name: _snapshot(conn, name, natural_keys.get(name)) for name in _user_tables(conn)}
            for name in snaps:
                _resolve_references(conn, name, snaps)
            return snaps
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise PredictionError(f"{path} is not a readable SQLite database: {exc}") from exc


def _user_tables(conn: sqlite3.Connection) -> list[str]:
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    return [n for n in names if not n.lower().startswith(("text2db_", "sqlite_"))]


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _snapshot(conn: sqlite3.Connection, table: str, natural_key: str | list[str] | None) -> TableSnapshot:
    quoted = _quoted(table)
    info = conn.execute(f"PRAGMA table_info({quoted})").fetchall()  # (cid, name, type, notnull, default, pk)
    columns = [r[1] for r in info]
    primary = [r[1] for r in sorted(info, key=lambda r: r[5]) if r[5]]
    if isinstance(natural_key, str):
        key_columns = [natural_key]
    elif natural_key:
        key_columns = list(natural_key)
    else:
        key_columns = primary or columns[:1]
    key_columns = [c for c in key_columns if c in columns] or columns[:1]
    snap = TableSnapshot(columns, key_columns, {c for c in primary if c not in key_columns})
    cursor = conn.execute(f"SELECT rowid, * FROM {quoted}") if not _without_rowid(conn, table) else None
    if cursor is None:
        cursor = conn.execute(f"SELECT NULL, * FROM {quoted}")
    for raw in cursor:
        row = dict(zip(columns, raw[1:]))
        key = row_key(row, key_columns)
        snap.rows.setdefault(key if key is not None else f"<no key: row {raw[0]}>", row)
    return snap


def _resolve_references(conn: sqlite3.Connection, table: str, snaps: dict[str, TableSnapshot]) -> None:
    """Replace each foreign-key value of `table` by the natural key of the row it references."""
    for fk in conn.execute(f"PRAGMA foreign_key_list({_quoted(table)})").fetchall():  # (id, seq, table, from, to, ...)
        parent, column, target = snaps.get(fk[2]), fk[3], fk[4]
        if parent is None or column in snaps[table].key_columns:
            continue
        if not target:  # REFERENCES parent: its primary key
            info = conn.execute(f"PRAGMA table_info({_quoted(fk[2])})").fetchall()
            target = next((r[1] for r in sorted(info, key=lambda r: r[5]) if r[5]), "rowid")
        by_target = {canonical(row[target]): key for key, row in parent.rows.items()
                     if target in row and not is_null_like(row[target])}
        for row in snaps[table].rows.values():
            value = row.get(column)
            if not is_null_like(value):
                row[column] = by_target.get(canonical(value), f"<no {fk[2]} row {canonical(value)}>")


def _without_rowid(conn: sqlite3.Connection, table: str) -> bool:
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name=?", (table,)).fetchone()[0] or ""
    return "WITHOUT ROWID" in sql.upper()


def row_key(row: dict[str, Any], key_columns: list[str]) -> str | None:
    values = [row.get(c) for c in key_columns]
    if all(is_null_like(v) for v in values):
        return None
    return " | ".join("" if is_null_like(v) else canonical(v) for v in values)


def delta(before: dict[str, TableSnapshot], after: dict[str, TableSnapshot]) -> set[Fact]:
    """Facts present in `after` and not in `before`, by the rules of the module docstring."""
    facts: set[Fact] = set()
    for table, snap in after.items():
        old = before.get(table)
        for key, row in snap.rows.items():
            old_row = old.rows.get(key) if old else None
            for column, value in row.items():
                if column in snap.surrogate or is_null_like(value):
                    continue
                if old_row is not None and column in old_row and canonical(old_row[column]) == canonical(value):
                    continue
                facts.add(Fact(table, key, column, canonical(value)))
    return facts


def database_delta(input_path: Path, db_path: Path, natural_keys: dict[str, Any]) -> set[Fact]:
    return delta(read_tables(input_path, natural_keys), read_tables(db_path, natural_keys))
