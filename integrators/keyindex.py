"""Entity linking through the target database's indexes, never through a copy of the key column.

`link.ValueMemory` decides (exact, normalized, fuzzy, embedding); this module only chooses what
it decides between. Instead of every value of the column (a full read per batch, rapidfuzz over
N names per mention, the encoder over the whole column), a mention is compared with the few rows
B-tree indexes return for it. text2db creates them with consent (`TEXT2DB_LINK_INDEXES`, default
on; otherwise the warning gives the DDL for a DBA):

- the squashed key, `lower(replace(key, ' ', ''))`: every pair of names `link_form` calls equal
  squashes alike (up to a leading "the", probed both ways, and abbreviation periods, "F.C." and
  "FC", which leave the prefix or the suffix probe below intact), so exact and normalized matches are
  equality probes; the mention's words in another order ("Aguilera, Christina") are probed too,
  for the embedding stage. The database squashes the mention as well, so case folding follows
  its collation on both sides. Accents are the exception: `link_form` drops them and the squash
  keeps them, so "Indurain" finds "Induráin" through the blocking probes below, as a name one
  edit away does;
- blocking for the fuzzy stage: a name one edit away keeps either the first or the last part of
  its squashed form intact (the two parts leave a gap between them, so a transposition cannot
  break both), so the rows sharing the mention's squashed prefix, and on PostgreSQL its suffix
  (an index on the reversed squashed key), are the fuzzy candidates; each probe is a range scan
  capped at BLOCK_ROWS rows. The encoder embeds these candidates only.

Every probe is O(log N + BLOCK_ROWS), so a million-row table costs what a ten-thousand-row one
does. pg_trgm was measured first: its posting lists for common name parts grow with the table
(41 ms a query at 10k rows, 55 ms at 100k), so it is not used. SQLite has no reverse(): a mention
its prefix probe finds no candidate for falls back to the whole column once per batch.

Identifiers come from the reflected table and are quoted by the dialect; mentions are bound.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from text2db.integrators.link import HONORIFIC, Link, ValueMemory
from text2db.integrators.upsert import TargetTable, python_type

log = logging.getLogger(__name__)
KEY_SEP = " | "
BLOCK_ROWS = 100  # rows each prefix/suffix probe returns at most
MIN_BLOCK = 4  # shortest squashed prefix/suffix probed (shorter ones match too many rows)
TOP = "\U0010ffff"  # sorts after every character: the upper end of a prefix range
# PostgreSQL: order a block probe as its text_pattern_ops index does (byte order), so the scan
# stops after BLOCK_ROWS rows. A plain ORDER BY sorts by the column's collation, which that index
# cannot give: the planner then read the whole block (about 1,000 rows a mention on a 1M-row
# table, 13 of the 15 ms of a batch's probe statement) and sorted it, to keep 100.
USING_INDEX_ORDER = " USING ~<~"
_THE = re.compile(r"^the\s+", re.IGNORECASE)
_WORD = re.compile(r"[^\s,;]+")


def index_name(table: str, column: str, kind: str) -> str:
    """A stable, short (PostgreSQL keeps 63 bytes) name for text2db's index on table.column."""
    digest = hashlib.sha1(f"{table}.{column}".encode()).hexdigest()[:10]
    return f"text2db_ix_{kind}_{digest}"


def _squash(sql_value: str) -> str:
    """The squashed form as SQL: lower case, no spaces. Constants stay literals so PostgreSQL
    and SQLite recognise the index expression in the query."""
    return f"lower(replace({sql_value}, ' ', ''))"


def _squashed(value: str) -> str:
    """`_squash` in Python, for rows the batch has not written yet. Python's lower() stands in
    for the database's; they agree on the letters names are written in."""
    return value.replace(" ", "").lower()


def index_kinds(dialect: str) -> list[str]:
    return ["sq", "rv"] if dialect == "postgresql" else ["sq"]


def index_statements(dialect: str, table: str, column: str, quote: Any) -> list[str]:
    """The DDL of the link indexes of `table.column` (quoted identifiers from reflection).
    PostgreSQL's use text_pattern_ops: byte order, so a prefix is one range of the index."""
    t, c = quote(table), quote(column)
    if dialect == "postgresql":
        return [f"CREATE INDEX IF NOT EXISTS {index_name(table, column, 'sq')} ON {t} ({_squash(c)} text_pattern_ops)",
                f"CREATE INDEX IF NOT EXISTS {index_name(table, column, 'rv')} ON {t} (reverse({_squash(c)}) text_pattern_ops)"]
    return [f"CREATE INDEX IF NOT EXISTS {index_name(table, column, 'sq')} ON {t} ({_squash(c)})"]


def create_indexes(conn: Connection, table: str, column: str) -> None:
    """Create the link indexes of `table.column` (`index_statements`), then, on PostgreSQL,
    ANALYZE the table: an expression index has no statistics until the table is analyzed, and
    autovacuum does not analyze a table that does not change. Without them the planner guesses
    that a document's phrases (the gazetteer's IN list of ~140) match most of a 1M-row table and
    scans all of it: 49 ms a document, 1 ms after."""
    quote = conn.dialect.identifier_preparer.quote
    for statement in index_statements(conn.dialect.name, table, column, quote):
        conn.execute(text(statement))
    if conn.dialect.name == "postgresql":
        conn.execute(text(f"ANALYZE {quote(table)}"))


def small_statements(conn: Connection) -> None:
    """Plan the rest of this PostgreSQL transaction's statements as the small probes they are.
    - No JIT: the planner cannot see how few rows each probe returns (5,000 by its default
      guess on a 1M-row table), costs a batch's probe statement high enough to JIT-compile it,
      and compiling takes ~120 ms of a ~3 ms query (PostgreSQL 11 and later).
    - A plan for the table as it is now, never a generic one: psycopg prepares a statement a
      connection runs five times, and PostgreSQL may then keep one generic plan for it. Made
      when the table was empty (dropped and made again, as an operator resets a target), that
      plan scanned it, and went on scanning it for every probe as the feed grew it back (20x
      slower per batch within 2,000 rows) until an ANALYZE replanned it. Planning the statement
      afresh costs under 0.1 ms of its 3 (PostgreSQL 12 and later).
    set_config(..., true) is SET LOCAL: both end with the transaction, in one round trip."""
    version = conn.dialect.server_version_info or (0,)
    if conn.dialect.name != "postgresql" or version < (11,):
        return
    settings = [("jit", "off")] + ([("plan_cache_mode", "force_custom_plan")] if version >= (12,) else [])
    conn.execute(text("SELECT " + ", ".join(f"set_config('{name}', '{value}', true)" for name, value in settings)))


def existing_indexes(conn: Connection, table: str) -> set[str]:
    """Names of the indexes the database has on `table` (text2db's among them)."""
    if conn.dialect.name == "postgresql":
        rows = conn.execute(text("SELECT indexname FROM pg_indexes WHERE tablename = :t"), {"t": table})
    else:
        rows = conn.execute(text("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = :t"), {"t": table})
    return {r[0] for r in rows}


def ensure_indexes(conn: Connection, columns: Iterable[tuple[TargetTable, str]], create: bool,
                   warn: bool = True) -> dict[tuple[str, str], str]:
    """Which link columns are indexed: {(table, column): "blocked" (prefix and suffix probes) |
    "prefix"}; missing ones are created first when `create` (the user's consent), else logged
    with their DDL (`warn`)."""
    found: dict[tuple[str, str], str] = {}
    dialect = conn.dialect.name
    for target, column in columns:
        name = target.table.name
        if python_type(target.col(column)) is not str:
            continue  # a numeric key links by equality through its own index
        have = existing_indexes(conn, name)
        wanted = {index_name(name, column, kind) for kind in index_kinds(dialect)}
        if not wanted <= have:
            if not create:
                statements = index_statements(dialect, name, column, conn.dialect.identifier_preparer.quote)
                (log.warning if warn else log.debug)(
                    "linking %s.%s reads the whole column per batch; create its indexes with: %s", name, column, "; ".join(statements))
                continue
            try:
                create_indexes(conn, name, column)
            except DBAPIError as exc:  # no rights: link from the whole column as before
                log.warning("cannot create the link indexes of %s.%s (%s): linking reads the whole column", name, column, exc.orig)
                continue
            have = existing_indexes(conn, name)
        if wanted <= have:
            found[(name, column)] = "blocked" if dialect == "postgresql" else "prefix"
    return found


def exact_variants(mention: str) -> list[str]:
    """The mention with and without a leading "the", and its words in every other order (up to
    four words; rotations beyond): what the squashed-key equality probe looks for."""
    bare = _THE.sub("", mention)
    words = [w for w in _WORD.findall(bare) if any(ch.isalnum() for ch in w)]
    orders = itertools.permutations(words) if len(words) <= 4 else (words[i:] + words[:i] for i in range(len(words)))
    untitled = HONORIFIC.sub("", bare)  # "Sir Edmund Hillary": the row may hold the name alone
    found = dict.fromkeys([bare, f"the {bare}", *(" ".join(o) for o in orders), untitled])
    return list(found)[:30]


def blocks(mention: str) -> tuple[str, str] | None:
    """(prefix, suffix) of the space-free mention, with a gap of at least one character between
    them: one edit anywhere leaves one of the two intact. None when too short to be selective."""
    squashed = _THE.sub("", mention).replace(" ", "")
    half = (len(squashed) - 1) // 2
    if half < MIN_BLOCK:
        return None
    return squashed[:half], squashed[-half:]


class ProbedRows:
    """Keys a batch added to a large table, indexed by what the probes compare: the squashed key
    and each of its prefixes and suffixes of MIN_BLOCK characters or more. Which of them a
    mention's probes would return (`returned`, ignoring BLOCK_ROWS: how a batch's own new rows
    join the rows read before it) is then three lookups, not a test of every added key for every
    mention, which grew with the square of the batch (2.3M tests for a batch of 1,000 new names,
    70% of its time)."""

    def __init__(self) -> None:
        self._order: dict[str, int] = {}  # key value -> when it was added
        self._exact: dict[str, set[str]] = {}
        self._prefixes: dict[str, set[str]] = {}
        self._suffixes: dict[str, set[str]] = {}

    def add(self, value: str) -> None:
        if value in self._order:
            return
        self._order[value] = len(self._order)
        squashed = _squashed(value.split(KEY_SEP)[0])
        self._exact.setdefault(squashed, set()).add(value)
        for n in range(MIN_BLOCK, len(squashed) + 1):
            self._prefixes.setdefault(squashed[:n], set()).add(value)
            self._suffixes.setdefault(squashed[-n:], set()).add(value)

    def returned(self, forms: tuple[frozenset[str], tuple[str, str] | None]) -> list[str]:
        """The added keys the probes `forms` (KeyIndex.probe_forms) return, in the order added."""
        exact, block = forms
        found: set[str] = set().union(*(self._exact.get(f, ()) for f in exact))
        if block is not None:
            found |= self._prefixes.get(block[0], set()) | self._suffixes.get(block[1], set())
        return sorted(found, key=self._order.__getitem__)


SMALL_TABLE_BYTES = 1 << 18  # below this (about 3,000 short rows) reading the column beats a query per mention


def small_table_rows() -> int:
    """The row count a small table stays under (SMALL_TABLE_BYTES at about 100 bytes a row)."""
    return SMALL_TABLE_BYTES // 100


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
        return (rows or 0) < small_table_rows()
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
    kind: str  # "blocked": prefix and suffix probes (PostgreSQL); "prefix": prefix only (SQLite);
    # "scanned": the blocked probes answered without text2db's indexes (PostgreSQL, no consent)
    fallback: ValueMemory | None = None  # "prefix": the whole column, read once, for unmatched mentions

    def __post_init__(self) -> None:
        preparer = self.conn.dialect.identifier_preparer
        table = preparer.format_table(self.target.table)
        key = _squash(preparer.quote(self.target.col(self.columns[0]).name))
        self._col_list = [preparer.quote(self.target.col(c).name) for c in [*self.columns, *self.ident_columns]]
        cols = ", ".join(self._col_list)
        self._cols, self._table, self._key = cols, table, key
        postgresql = self.conn.dialect.name == "postgresql"
        ge, lt = ("~>=~", "~<~") if postgresql else (">=", "<")
        in_index_order = USING_INDEX_ORDER if postgresql else ""
        prefix = f"SELECT {cols} FROM {table} WHERE {key} {ge} {_squash(':p')} AND {key} {lt} ({_squash(':p')} || :top) " \
                 f"ORDER BY {key}{in_index_order} LIMIT {BLOCK_ROWS}"
        self._blocks = [prefix]
        if self.kind == "blocked":
            rkey = f"reverse({key})"
            self._blocks.append(f"SELECT {cols} FROM {table} WHERE {rkey} ~>=~ reverse({_squash(':s')}) "
                                f"AND {rkey} ~<~ (reverse({_squash(':s')}) || :top) ORDER BY {rkey}{in_index_order} LIMIT {BLOCK_ROWS}")

    def _probe(self, variants: int, blocked: bool) -> Any:
        exact = ", ".join(_squash(f":e{i}") for i in range(variants))
        parts = [f"SELECT {self._cols} FROM {self._table} WHERE {self._key} IN ({exact})"]
        if blocked:
            parts += self._blocks
        return text(" UNION ALL ".join(f"SELECT * FROM ({p}) AS probe{i}" for i, p in enumerate(parts)))  # SQLite too

    def _first(self, mention: str) -> str:
        """The part of a mention the indexed (first) key column holds."""
        return mention.split(KEY_SEP)[0] if len(self.columns) > 1 else mention

    def candidates(self, mention: str) -> list[tuple[str, tuple[Any, ...]]]:
        """(stored key, identity) of the rows the indexes return for `mention`: one statement."""
        if self.kind == "scanned":  # a pass over the table however many probes: one for this mention
            return self.candidates_of_batch([mention]).get(mention, [])
        first = self._first(mention)
        variants = exact_variants(first)
        params: dict[str, Any] = {f"e{i}": v for i, v in enumerate(variants)}
        block = blocks(first)
        if block is not None:
            params |= {"p": block[0], "s": block[1], "top": TOP}
        n = len(self.columns)
        rows = self.conn.execute(self._probe(len(variants), block is not None), params)
        return [(KEY_SEP.join(str(v) for v in row[:n]), tuple(row[n:])) for row in rows if all(v is not None for v in row[:n])]

    def candidates_of_batch(self, mentions: Iterable[str]) -> dict[str, list[tuple[str, tuple[Any, ...]]]]:
        """`candidates` of each of a batch's mentions (PostgreSQL, "blocked" or "scanned"), read
        in ONE statement: every exact variant, prefix and suffix probe is tagged with its probe (a
        LATERAL index scan, or a join on one pass over the keys without the indexes), so each
        mention gets exactly the rows its own statement would return. A batch of 100 mentions
        costs one round trip instead of 100 (about 0.5 ms each)."""
        probes = {m: (exact_variants(self._first(m)), blocks(self._first(m))) for m in dict.fromkeys(mentions)}
        exact = list(dict.fromkeys(v for variants, _ in probes.values() for v in variants))
        prefixes = list(dict.fromkeys(b[0] for _, b in probes.values() if b is not None))
        suffixes = list(dict.fromkeys(b[1] for _, b in probes.values() if b is not None))
        if not exact:
            return {}
        if self.kind == "scanned":
            statement = self._scanned_probes(prefixes + suffixes)
        else:
            statement = self._indexed_probes(bool(prefixes))
            small_statements(self.conn)
        rows = self.conn.execute(statement, {"exact": exact, "prefixes": prefixes, "suffixes": suffixes, "top": TOP})
        n = len(self.columns)
        found: dict[tuple[str, str], list[tuple[str, tuple[Any, ...]]]] = {}
        for tag, probe, *row in rows:
            if all(v is not None for v in row[:n]):
                found.setdefault((tag, probe), []).append((KEY_SEP.join(str(v) for v in row[:n]), tuple(row[n:])))
        out: dict[str, list[tuple[str, tuple[Any, ...]]]] = {}
        for mention, (variants, block) in probes.items():
            keys = [("exact", v) for v in variants] + ([("prefixes", block[0]), ("suffixes", block[1])] if block else [])
            out[mention] = [c for k in keys for c in found.get(k, [])]
        return out

    def _indexed_probes(self, blocked: bool) -> Any:
        """The batch's probes as LATERAL index scans, each tagged with its probe."""
        key, rkey, cols, table = self._key, f"reverse({self._key})", self._cols, self._table
        lateral = "SELECT '{tag}', p.v, c.* FROM unnest(CAST(:{tag} AS text[])) AS p(v) CROSS JOIN LATERAL ({inner}) AS c"
        # OFFSET 0 keeps the exact probe a LATERAL index scan: flattened, it may become a hash
        # join over the whole table
        parts = [lateral.format(tag="exact", inner=f"SELECT {cols} FROM {table} WHERE {key} = {_squash('p.v')} OFFSET 0")]
        block_probes = [("prefixes", key, _squash("p.v")), ("suffixes", rkey, f"reverse({_squash('p.v')})")]
        for tag, k, lo in block_probes if blocked else []:  # a mention too short for blocks has none
            inner = f"SELECT {cols} FROM {table} WHERE {k} ~>=~ {lo} AND {k} ~<~ ({lo} || :top) ORDER BY {k}{USING_INDEX_ORDER} LIMIT {BLOCK_ROWS}"
            parts.append(lateral.format(tag=tag, inner=inner))
        return text(" UNION ALL ".join(parts))

    def _scanned_probes(self, block_values: list[str]) -> Any:
        """The same probes and rows as `_indexed_probes` where text2db may not create its indexes:
        one pass over the table's squashed keys, every probe a hash join on it. A prefix (suffix)
        probe of length L joins on the key's first (last) L characters, so the statement has a
        join per length the batch's blocks have (literal lengths, from the probes' own text);
        each probe keeps its first BLOCK_ROWS rows in byte order, as the index returns them
        (rows whose squashed keys are equal may come in another order, as from another index).
        Without it each LATERAL probe scanned the whole table: 300 scans for a batch of 100
        names, 46 s on 100,000 rows."""
        named = [f"text2db_c{i}" for i in range(len(self._col_list))]  # by position: a key may also be the identity
        own = ", ".join(f"s.{c}" for c in named)
        parts = [f"SELECT 'exact', p.v, {own} FROM unnest(CAST(:exact AS text[])) AS p(v) "
                 f"JOIN text2db_keys AS s ON s.text2db_key = {_squash('p.v')}"]
        lengths = sorted({len(v.lower()) for v in block_values})
        for tag, end, order in (("prefixes", "left", "s.text2db_key"), ("suffixes", "right", "reverse(s.text2db_key)")):
            if not lengths:
                break
            joins = " UNION ALL ".join(
                f"SELECT p.v, {order} AS text2db_order, {own} FROM unnest(CAST(:{tag} AS text[])) AS p(v) JOIN "
                f"text2db_keys AS s ON {end}(s.text2db_key, {n}) = lower(p.v) WHERE length(lower(p.v)) = {n}" for n in lengths)
            parts.append(f"(SELECT '{tag}', v, {', '.join(named)} FROM (SELECT j.*, row_number() OVER (PARTITION BY v "
                         f'ORDER BY text2db_order COLLATE "C") AS text2db_rank FROM ({joins}) AS j) AS ranked '
                         f"WHERE text2db_rank <= {BLOCK_ROWS} ORDER BY v, text2db_rank)")
        columns = ", ".join(f"{c} AS {n}" for c, n in zip(self._col_list, named))
        return text(f"WITH text2db_keys AS MATERIALIZED (SELECT {self._key} AS text2db_key, {columns} FROM {self._table}) "
                    + " UNION ALL ".join(parts))

    def probe_forms(self, mention: str) -> tuple[frozenset[str], tuple[str, str] | None]:
        """What `candidates(mention)` probes for, squashed: the exact variants and the block."""
        first = self._first(mention)
        block = blocks(first)
        return frozenset(_squashed(v) for v in exact_variants(first)), \
            None if block is None else (block[0].lower(), block[1].lower())

    def link(self, mention: str, *, use_embeddings: bool = True) -> Link:
        memory = ValueMemory()
        for value, ident in self.candidates(mention):
            memory.add(value, ident)
        complete = self.kind in ("blocked", "scanned") or self.fallback is None
        found = memory.link(mention, use_embeddings=use_embeddings and complete)
        if found.method == "new" and not complete:
            return self.fallback.link(mention, use_embeddings=use_embeddings)  # type: ignore[union-attr]
        return found

    def add(self, value: str, row_id: object) -> None:
        if self.fallback is not None:
            self.fallback.add(value, row_id)
