"""Entity linking through the target database's indexes, never through a copy of the key column.

`link.ValueMemory` decides (exact, normalized, fuzzy, embedding); this module only chooses what
it decides between. Instead of every value of the column (a full read per batch, rapidfuzz over
N names per mention, the encoder over the whole column), a mention is compared with the few rows
the database returns for it through two indexes text2db creates, with consent
(`TEXT2DB_LINK_INDEXES`, default on; `index_statements` lists the DDL for a DBA otherwise):

- a squashed-key expression index, `lower(replace(key, ' ', ''))`: every pair of names that
  `link_form` calls equal has the same squashed form (up to a leading "the", queried both ways),
  so exact and normalized matches are one index probe. The database computes the squash of the
  mention too, so case folding follows the database's collation on both sides;
- on PostgreSQL, a pg_trgm GIN index on the key: the nearest rows by trigram similarity (the
  top `FUZZY_CANDIDATES` above the threshold) feed the fuzzy and embedding stages, so the
  encoder embeds a short candidate list, not the column. SQLite has no trigram index; it keeps
  the whole-column memory for mentions that match nothing exactly (see `KeyIndex.link`).

Identifiers come from the reflected table and are quoted by the dialect; mentions are bound.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from text2db.integrators.link import Link, ValueMemory
from text2db.integrators.upsert import TargetTable, python_type

log = logging.getLogger(__name__)
KEY_SEP = " | "
FUZZY_CANDIDATES = 20  # rows the trigram index returns per mention (ordered by similarity)
TRIGRAM_THRESHOLD = "0.3"  # pg_trgm similarity a candidate needs; FUZZY_REVIEW (88) sits far above it
_THE = re.compile(r"^the\s+", re.IGNORECASE)


def index_name(table: str, column: str, kind: str) -> str:
    """A stable, short (PostgreSQL keeps 63 bytes) name for text2db's index on table.column."""
    digest = hashlib.sha1(f"{table}.{column}".encode()).hexdigest()[:10]
    return f"text2db_ix_{kind}_{digest}"


def _squash(sql_value: str) -> str:
    """The squashed form as SQL: lower case, no spaces. Constants stay literals so PostgreSQL
    and SQLite recognise the index expression in the query."""
    return f"lower(replace({sql_value}, ' ', ''))"


def index_statements(dialect: str, table: str, column: str, quote: Any) -> list[str]:
    """The DDL of the link indexes of `table.column` (quoted identifiers from reflection)."""
    t, c = quote(table), quote(column)
    statements = [f"CREATE INDEX IF NOT EXISTS {index_name(table, column, 'sq')} ON {t} ({_squash(c)})"]
    if dialect == "postgresql":
        statements = ["CREATE EXTENSION IF NOT EXISTS pg_trgm", *statements,
                      f"CREATE INDEX IF NOT EXISTS {index_name(table, column, 'tg')} ON {t} USING gin ({c} gin_trgm_ops)"]
    return statements


def existing_indexes(conn: Connection, table: str) -> set[str]:
    """Names of the indexes the database has on `table` (text2db's among them)."""
    if conn.dialect.name == "postgresql":
        rows = conn.execute(text("SELECT indexname FROM pg_indexes WHERE tablename = :t"), {"t": table})
    else:
        rows = conn.execute(text("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = :t"), {"t": table})
    return {r[0] for r in rows}


def ensure_indexes(conn: Connection, columns: Iterable[tuple[TargetTable, str]], create: bool) -> dict[tuple[str, str], str]:
    """Which link columns are indexed: {(table, column): "trigram" | "squash"}; missing ones
    are created first when `create` (the user's consent), else logged with their DDL."""
    found: dict[tuple[str, str], str] = {}
    quote = conn.dialect.identifier_preparer.quote
    for target, column in columns:
        name = target.table.name
        if python_type(target.col(column)) is not str:
            continue  # a numeric key links by equality through its own index
        have = existing_indexes(conn, name)
        wanted = {index_name(name, column, "sq")} | ({index_name(name, column, "tg")} if conn.dialect.name == "postgresql" else set())
        if not wanted <= have:
            statements = index_statements(conn.dialect.name, name, column, quote)
            if not create:
                log.warning("linking %s.%s reads the whole column per batch; create its indexes with: %s",
                            name, column, "; ".join(statements))
                continue
            try:
                for statement in statements:
                    conn.execute(text(statement))
            except DBAPIError as exc:  # no pg_trgm, no rights: link from the whole column as before
                log.warning("cannot create the link indexes of %s.%s (%s): linking reads the whole column", name, column, exc.orig)
                continue
            have = existing_indexes(conn, name)
        if wanted <= have:
            found[(name, column)] = "trigram" if conn.dialect.name == "postgresql" else "squash"
    return found


SMALL_TABLE_BYTES = 1 << 20  # below this (about 10k short rows) reading the column beats a query per mention


def small_table(conn: Connection, target: TargetTable) -> bool:
    """A table small enough that one read of its key column per batch costs less than an index
    query per mention (rapidfuzz over a few thousand names in memory is sub-millisecond)."""
    name = target.table.name
    if conn.dialect.name == "postgresql":
        size = conn.execute(text("SELECT pg_table_size(CAST(:t AS regclass))"),
                            {"t": conn.dialect.identifier_preparer.format_table(target.table)}).scalar()
        return size is not None and int(size) < SMALL_TABLE_BYTES
    if conn.dialect.name == "sqlite":
        try:  # the largest rowid bounds the row count, read from the end of the table's b-tree
            rows = conn.execute(text(f"SELECT max(rowid) FROM {conn.dialect.identifier_preparer.quote(name)}")).scalar()
        except DBAPIError:  # WITHOUT ROWID
            return False
        return (rows or 0) < SMALL_TABLE_BYTES // 100
    return False


@dataclass
class KeyIndex:
    """Links mentions of `target.columns[0]` (plus the other key columns, joined by KEY_SEP)
    to rows, from candidates the indexes return. `add` is a no-op: rows the batch inserts are
    in the database, which the next query sees (same transaction)."""

    conn: Connection
    target: TargetTable
    columns: Sequence[str]  # the key column(s) compared; the first one is indexed
    ident_columns: Sequence[str]  # what a link returns (the identity, or a referenced column)
    trigram: bool  # a pg_trgm index exists: fuzzy candidates come from it
    fallback: ValueMemory | None = None  # SQLite: the whole column, read once, for unmatched mentions

    def __post_init__(self) -> None:
        quote = self.conn.dialect.identifier_preparer.quote
        table = self.conn.dialect.identifier_preparer.format_table(self.target.table)
        key = quote(self.target.col(self.columns[0]).name)
        cols = ", ".join(quote(self.target.col(c).name) for c in [*self.columns, *self.ident_columns])
        probe = f"SELECT {cols} FROM {table} WHERE {_squash(key)} IN ({_squash(':a')}, {_squash(':b')})"
        if self.trigram:
            probe = (f"({probe}) UNION ALL (SELECT {cols} FROM {table} WHERE {key} % :m "
                     f"ORDER BY similarity({key}, :m) DESC, {key} LIMIT {FUZZY_CANDIDATES})")
        self._probe = text(probe)

    def candidates(self, mention: str) -> list[tuple[str, tuple[Any, ...]]]:
        """(stored key, identity) of the rows the indexes return for `mention`."""
        first = mention.split(KEY_SEP)[0] if len(self.columns) > 1 else mention
        bare = _THE.sub("", first)
        params = {"a": bare, "b": f"the {bare}", "m": first}
        n = len(self.columns)
        return [(KEY_SEP.join(str(v) for v in row[:n]), tuple(row[n:]))
                for row in self.conn.execute(self._probe, params) if all(v is not None for v in row[:n])]

    def link(self, mention: str, *, use_embeddings: bool = True) -> Link:
        memory = ValueMemory()
        for value, ident in self.candidates(mention):
            memory.add(value, ident)
        found = memory.link(mention, use_embeddings=use_embeddings and self.trigram)
        if found.method == "new" and not self.trigram and self.fallback is not None:
            return self.fallback.link(mention, use_embeddings=use_embeddings)
        return found

    def add(self, value: str, row_id: object) -> None:
        if self.fallback is not None:
            self.fallback.add(value, row_id)
