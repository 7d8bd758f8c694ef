"""One batch of extraction events applied inside one transaction: per candidate row, normalize
its cells, link it to an existing row (or create it), resolve foreign keys parents-first, then
fill, overwrite or hold back each cell; lineage and review rows go in the same transaction.

The work is decided per cell so one bad value never loses the rest of the row, and every
decision is counted in the ApplyReport.

New rows are queued and inserted together (one statement per table and column set) just
before the next other statement of the batch runs, or at its end: the database sees the same
rows at every read as if each had been inserted at once, at one round trip instead of one per row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import select
from sqlalchemy.engine import Connection

from text2db.config import Settings
from text2db.integrators import lineage, review, textstyle
from text2db.integrators.exceptions import PlanMismatch, Unnormalizable
from text2db.integrators.formats import ColumnConventions
from text2db.integrators.keyindex import KeyIndex, ProbedRows, ensure_indexes, small_table, small_table_rows
from text2db.integrators.link import Link, ValueMemory, link_form
from text2db.integrators.plancache import PlanCache
from text2db.integrators.normalize import clean_text
from text2db.integrators.upsert import (Ident, TargetTable, coerce, fetch, insert_row, insert_rows, load_identities,
                                        python_type, reflect, same_value, update_cells)
from text2db.schemas.events import CandidateRow, Cell, ExtractionEvent
from text2db.schemas.plan import ForeignKeyLink, Plan, TablePlan
from text2db.schemas.rows import ApplyReport

KEY_SEP = " | "


def link_columns(plan: Plan, target: Callable[[str], TargetTable]) -> list[tuple[TargetTable, str]]:
    """The columns the plan links mentions against: each table's first key column and the
    `match_on` column of each foreign key (whose indexes make linking cost flat)."""
    found: dict[tuple[str, str], TargetTable] = {}
    for tplan in plan.tables:
        if tplan.key:
            found.setdefault((tplan.table, tplan.key[0]), target(tplan.table))
        for colplan in tplan.columns:
            if colplan.link is not None:
                found.setdefault((colplan.link.table, colplan.link.match_on), target(colplan.link.table))
    return [(t, column) for (_, column), t in found.items()]


class _LazyMemory(ValueMemory):
    """The whole-column memory, read only when a mention first needs it (SQLite's fuzzy stage)."""

    def __init__(self, load: Callable[[], ValueMemory]) -> None:
        super().__init__()
        self._load, self._loaded = load, None  # type: ignore[assignment]

    def link(self, mention: str, *, use_embeddings: bool = True) -> Link:
        if self._loaded is None:
            self._loaded = self._load()
        return self._loaded.link(mention, use_embeddings=use_embeddings)

    def add(self, value: str, row_id: object) -> None:
        if self._loaded is not None:  # before the read, the database already holds the row
            self._loaded.add(value, row_id)


class BatchCandidates:
    """A large table's key linked through its prefix and suffix indexes (PostgreSQL), with the
    probes of all the batch's mentions read in one statement when the memory is made
    (`prefetch`), not one statement per mention. Each mention is decided exactly as
    `KeyIndex.link` decides it: from the rows its own probes return, plus the rows this batch has
    added since that the same probes would return (the database would show them: same
    transaction). A mention the prefetch did not see ("X" of "X and Y") is probed on its own."""

    def __init__(self, index: KeyIndex) -> None:
        self.index = index
        self._fetched: dict[str, list[tuple[str, tuple[Any, ...]]]] = {}
        self._added: dict[str, list[object]] = {}  # key value -> ids of the rows the batch added with it
        self._probed = ProbedRows()

    def prefetch(self, mentions: Iterable[str]) -> None:
        if fresh := [m for m in mentions if m not in self._fetched]:
            self._fetched |= self.index.candidates_of_batch(fresh)

    def link(self, mention: str, *, use_embeddings: bool = True) -> Link:
        if mention not in self._fetched:
            return self.index.link(mention, use_embeddings=use_embeddings)
        memory = ValueMemory()
        for value, ident in self._fetched[mention]:
            memory.add(value, ident)
        if self._added:
            for value in self._probed.returned(self.index.probe_forms(mention)):
                for ident in self._added[value]:
                    memory.add(value, ident)
        return memory.link(mention, use_embeddings=use_embeddings)

    def add(self, value: str, row_id: object) -> None:
        ids = self._added.setdefault(value, [])
        if row_id not in ids:
            ids.append(row_id)
        self._probed.add(value)


@dataclass
class Accepted:
    value: Any
    cell: Cell


@dataclass(eq=False)
class QueuedRow:
    """A new row waiting for the batch's next multi-row insert. Until then it stands in for its
    identity in the link memory: a later mention of the same entity links to it, and filling
    it writes the queue first (`ident` is set then)."""

    source: lineage.Source
    tplan: TablePlan
    target: TargetTable
    key: dict[str, str]
    row_key: str
    values: dict[str, Any]
    accepted: dict[str, Accepted]
    key_cells: dict[str, Cell]
    ident: Ident | None = None


class _WritesQueueFirst:
    """The batch's connection for every statement but the queued inserts: it writes the queue
    before running one, so link probes, reads, fetches and parent inserts see the database
    exactly as they would after inserting each row on its own."""

    def __init__(self, conn: Connection, write_queue: Callable[[], None]) -> None:
        self._conn, self._write_queue = conn, write_queue

    def execute(self, *args: Any, **kwargs: Any) -> Any:
        self._write_queue()
        return self._conn.execute(*args, **kwargs)

    def scalar(self, *args: Any, **kwargs: Any) -> Any:
        self._write_queue()
        return self._conn.scalar(*args, **kwargs)

    def exec_driver_sql(self, *args: Any, **kwargs: Any) -> Any:
        self._write_queue()
        return self._conn.exec_driver_sql(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:  # dialect and the rest, as the connection's
        if name in ("scalars", "stream", "stream_scalars"):
            raise AttributeError(f"{name}() would bypass the queue of inserts: use execute()")
        return getattr(self._conn, name)


@dataclass
class BatchWriter:
    conn: Connection
    plan: Plan
    settings: Settings
    use_embeddings: bool = True
    cache: PlanCache = field(default_factory=PlanCache)  # per plan version (the Integrator's), not per batch
    report: ApplyReport = field(default_factory=ApplyReport)
    touched: dict[str, dict[Ident, set[str]]] = field(default_factory=dict)  # table -> row -> columns written
    targets: dict[str, TargetTable] = field(default_factory=dict)
    events: Sequence[ExtractionEvent] = ()  # the batch: a large table's memory reads all their mentions ahead
    _memories: dict[tuple[str, str], ValueMemory | KeyIndex | BatchCandidates] = field(default_factory=dict)
    conventions: ColumnConventions = field(init=False)
    _lineage: list[dict[str, Any]] = field(default_factory=list)
    _review: list[dict[str, Any]] = field(default_factory=list)
    _queue: dict[tuple[str, frozenset[str]], list[QueuedRow]] = field(default_factory=dict)  # (table, columns) -> rows
    db: Connection = field(init=False)  # `conn` for everything but the queued inserts (_WritesQueueFirst)

    def __post_init__(self) -> None:
        self.db = cast(Connection, _WritesQueueFirst(self.conn, self.write_queue))
        self.conventions = ColumnConventions(self.db, self.target, self.cache)

    # -- lookups: reflected once per plan version (PlanCache), linked through indexes -----------
    def target(self, name: str, key: list[str] | None = None) -> TargetTable:
        if name not in self.targets:
            if key is None:
                try:
                    key = self.plan.table(name).key
                except KeyError:
                    key = []
            cached = self.cache.target(name, key)
            if cached is None:
                cached = reflect(self.conn, name, key)
                self.cache.targets[(name, tuple(key))] = cached
            self.targets[name] = cached
        return self.targets[name]

    def link_indexes(self) -> dict[tuple[str, str], str]:
        """Which link columns have text2db's indexes (looked up once per plan version; created
        by `Integrator.prepare`, outside any batch, never inside a caller's transaction)."""
        if self.cache.link_indexes is None:
            self.cache.link_indexes = ensure_indexes(self.db, link_columns(self.plan, self.target), create=False, warn=False)
        return self.cache.link_indexes

    def small(self, table: str) -> bool:
        """Small tables link from a per-batch read of the column (cheaper than a query per mention).
        Decided once per plan version; `memory` marks a table large once such a read finds it has
        outgrown small_table_rows(), or a table empty then would be read whole by every batch
        however large the feed made it."""
        if table not in self.cache.small_tables:
            self.cache.small_tables[table] = small_table(self.db, self.target(table))
        return self.cache.small_tables[table]

    def probe_kind(self, table: str, column: str) -> str | None:
        """How mentions of a large table's text key are linked: by queries (keyindex.py),
        "blocked" or "prefix" through text2db's indexes, "scanned" on PostgreSQL without them
        (one pass over the table's keys for all the batch's probes); None for small tables,
        other keys and SQLite without the index (the whole column, read once per batch)."""
        if self.small(table):
            return None
        if kind := self.link_indexes().get((table, column)):
            return kind
        if python_type(self.target(table).col(column)) is str and self.conn.dialect.name == "postgresql":
            return "scanned"
        return None

    def memory(self, table: str, column: str, ident_column: str | None = None) -> ValueMemory | KeyIndex:
        """Link memory of `table.column`; values map to the identity (or to `ident_column`)."""
        slot = (table, column if ident_column is None else f"{column}->{ident_column}")
        if slot not in self._memories and (kind := self.probe_kind(table, column)):
            target = self.target(table)
            idents = target.identity if ident_column is None else [ident_column]
            if kind in ("blocked", "scanned"):  # every mention of the batch read ahead in one statement
                read_ahead = BatchCandidates(KeyIndex(self.db, target, [column], idents, kind))
                read_ahead.prefetch(self.mentions(table, column, ident_column))
                self._memories[slot] = read_ahead
            else:
                fallback = _LazyMemory(lambda: self._whole_memory(table, column, ident_column))
                self._memories[slot] = KeyIndex(self.db, target, [column], idents, kind, fallback)
        if slot not in self._memories:
            self._memories[slot] = memory = self._whole_memory(table, column, ident_column)
            if len(memory.values) >= small_table_rows():  # outgrown since the plan version began (small)
                self.cache.small_tables[table] = False
        return self._memories[slot]

    def _whole_memory(self, table: str, column: str, ident_column: str | None) -> ValueMemory:
        """Every value of the column: the link memory where no index serves (small tables, no consent)."""
        target, mem = self.target(table), ValueMemory()
        if ident_column is None:
            for value, ident in load_identities(self.db, target, column):
                mem.add(str(value), ident)
        else:
            rows = self.db.execute(select(target.col(column), target.col(ident_column)).where(target.col(column).is_not(None)))
            for value, ref in rows:
                mem.add(str(value), (ref,))
        return mem

    # -- the batch ----------------------------------------------------------------------------
    def mentions(self, table: str, column: str, ident_column: str | None) -> list[str]:
        """The batch's mentions of `table.column`, spelled as `apply_row` spells a key
        (`ident_column` None) or `resolve_parent` a parent: what a large table's memory reads ahead."""
        found: list[object] = []
        for event in self.events:
            if event.job != self.plan.job:
                continue
            for candidate in event.rows:
                tplan = next((t for t in self.plan.tables if t.table == candidate.table), None)
                if tplan is None:
                    continue
                if ident_column is None and (tplan.table, tplan.key) == (table, [column]) and len(candidate.key) == 1:
                    found.append(candidate.key[0].value)
                for cell in candidate.cells:
                    link = next((c.link for c in tplan.columns if c.name == cell.column), None)
                    if link is not None and (link.table, link.match_on, link.column) == (table, column, ident_column):
                        found.append(cell.value)
        return [self.styled(table, column, clean_text(v)) for v in found if v is not None]

    def styled(self, table: str, column: str, value: str) -> str:
        """A key or parent mention as the table writes its text keys (house style); other types as given."""
        return self.conventions.house_style(table, column, value) if python_type(self.target(table).col(column)) is str else value

    def apply_event(self, event: ExtractionEvent) -> None:
        source = lineage.Source(event.job, event.plan_version, event.document_id)
        order = {t.table: i for i, t in enumerate(self.plan.tables)}
        for candidate in sorted(event.rows, key=lambda r: order.get(r.table, len(order))):  # parents first
            self.apply_row(source, candidate)
        self.report.events_applied += 1

    def flush(self) -> None:
        """Write the queued rows, then the collected lineage and review rows (same transaction)."""
        self.write_queue()
        lineage.write(self.conn, self._lineage)
        self.report.review_items += review.write(self.conn, self._review)
        self._lineage, self._review = [], []

    def reject(self, reason: str, count: int = 1) -> None:
        self.report.rejected_values[reason] += count

    def apply_row(self, source: lineage.Source, candidate: CandidateRow) -> None:
        try:
            tplan = self.plan.table(candidate.table)
        except KeyError:
            self.reject("table not in plan", 1 + len(candidate.cells))
            return
        key = {c.column: clean_text(c.value) for c in candidate.key if c.value is not None}
        if set(key) != set(tplan.key) or not all(key.values()):
            self.reject("key columns differ from plan", 1 + len(candidate.cells))
            return
        target = self.target(tplan.table, tplan.key)
        key = {k: self.styled(tplan.table, k, v) for k, v in key.items()}
        row_key = KEY_SEP.join(key[k] for k in tplan.key)
        key_cells = {c.column: c for c in candidate.key}
        link = self.memory(tplan.table, tplan.key[0]).link(row_key, use_embeddings=self.use_embeddings) if len(tplan.key) == 1 else \
            self.memory_composite(tplan, target).link(row_key, use_embeddings=False)
        if not link.found and link.method != "ambiguous" and len(tplan.key) == 1 and python_type(target.col(tplan.key[0])) is str:
            names = textstyle.coordinated_names(row_key, self.conventions.existing_values(tplan.table, tplan.key[0]).values())
            if names:  # "X and Y are both in Z": each is a row with the document's cells
                for name in names:
                    cell = candidate.key[0].model_copy(update={"value": name})
                    self.apply_row(source, candidate.model_copy(update={"key": [cell]}))
                return
        if link.found and link.matched is not None:  # review and lineage name the row as stored
            row_key = link.matched
            key = dict(zip(tplan.key, row_key.split(KEY_SEP))) if len(tplan.key) > 1 else {tplan.key[0]: row_key}
        accepted = self.accept_cells(source, tplan, key, row_key, candidate.cells)
        if min(c.confidence for c in candidate.key) < self.settings.review_threshold:
            for column, acc in accepted.items():
                self.hold(source, tplan.table, key, row_key, column, "low_confidence", acc.value, "low-confidence row key", acc.cell)
            return
        if link.method == "ambiguous":
            for column, acc in accepted.items():
                self.hold(source, tplan.table, key, row_key, column, "ambiguous_link", acc.value, link.reason, acc.cell)
            if not accepted:
                self.reject("ambiguous link")
            return
        if link.found:
            self.fill(source, tplan, target, link.row_id, row_key, accepted)  # type: ignore[arg-type]
            return
        if tplan.only_existing_rows:
            self.reject("no existing row", max(1, len(accepted)))
            return
        if tplan.require_facts and not accepted:
            self.reject("row without facts")
            return
        try:
            values = {k: coerce(v, target.col(k)) for k, v in key.items()} | {c: a.value for c, a in accepted.items()}
        except Unnormalizable:
            self.reject("key does not fit its column", 1 + len(accepted))
            return
        if target.lacks_pk(values):
            self.reject("primary key not given", 1 + len(accepted))
            return
        queued = QueuedRow(source, tplan, target, key, row_key, values, accepted, key_cells)
        self.remember(tplan, target, key, queued)  # before queueing: a memory it creates reads the table
        self._queue.setdefault((tplan.table, frozenset(values)), []).append(queued)

    def write_queue(self) -> None:
        """Insert the queued rows (insert_rows: one statement per table and column set), then
        record each as inserting it alone did: counted, its cells and lineage kept, or, when
        another writer created the row meanwhile, filled instead."""
        while self._queue:
            rows = self._queue.pop(next(iter(self._queue)))
            results = insert_rows(self.conn, rows[0].target, [q.values for q in rows])
            for queued, (ident, inserted) in zip(rows, results):
                queued.ident = ident
                if not inserted:  # another writer created it since we looked: fill it instead
                    self.fill(queued.source, queued.tplan, queued.target, ident, queued.row_key, queued.accepted)
                    continue
                self.report.table(queued.tplan.table).rows_inserted += 1
                self.wrote(queued.tplan.table, ident, queued.values)
                for column, value in queued.key.items():
                    self._lineage.append(lineage.record(queued.source, queued.tplan.table, queued.row_key, column, value,
                                                        queued.key_cells.get(column)))
                for column, acc in queued.accepted.items():
                    self._lineage.append(lineage.record(queued.source, queued.tplan.table, queued.row_key, column, acc.value,
                                                        acc.cell))

    def memory_composite(self, tplan: TablePlan, target: TargetTable) -> ValueMemory | KeyIndex:
        slot = (tplan.table, KEY_SEP.join(tplan.key))
        if slot not in self._memories and self.probe_kind(tplan.table, tplan.key[0]) == "blocked":
            self._memories[slot] = KeyIndex(self.db, target, tplan.key, target.identity, "blocked")
        if slot not in self._memories:
            mem = ValueMemory()
            cols = [target.col(k) for k in tplan.key] + [target.table.c[c] for c in target.identity]
            for row in self.db.execute(select(*cols)):
                mem.add(KEY_SEP.join(str(v) for v in row[: len(tplan.key)]), tuple(row[len(tplan.key):]))
            self._memories[slot] = mem
        return self._memories[slot]

    def remember(self, tplan: TablePlan, target: TargetTable, key: dict[str, str], ident: Ident | QueuedRow) -> None:
        if len(tplan.key) == 1:
            self.memory(tplan.table, tplan.key[0]).add(key[tplan.key[0]], ident)
        else:
            self.memory_composite(tplan, target).add(KEY_SEP.join(key[k] for k in tplan.key), ident)

    def wrote(self, table: str, ident: Ident, columns: Iterable[str]) -> None:
        """Remember which cells the batch wrote: the checks validate those (and whole-row rules)."""
        self.touched.setdefault(table, {}).setdefault(ident, set()).update(columns)

    def hold(self, source: lineage.Source, table: str, key: dict[str, str], row_key: str, column: str,
             kind: review.ReviewKind, value: Any, reason: str, cell: Cell | None, current: Any = None) -> None:
        self._review.append(review.item(source, table, key, row_key, column, kind, value, reason, cell, current))
        self.reject(kind)

    # -- cells --------------------------------------------------------------------------------
    def accept_cells(self, source: lineage.Source, tplan: TablePlan, key: dict[str, str], row_key: str,
                     cells: list[Cell]) -> dict[str, Accepted]:
        """The cells that may be written, normalized; the others go to review or are counted."""
        accepted: dict[str, Accepted] = {}
        target = self.target(tplan.table)
        for cell in cells:
            if cell.column in tplan.key or cell.value is None:
                continue
            try:
                colplan = tplan.column(cell.column)
            except KeyError:
                self.reject("column not in plan")
                continue
            if cell.confidence < self.settings.review_threshold:
                self.hold(source, tplan.table, key, row_key, cell.column, "low_confidence", cell.value,
                          f"confidence {cell.confidence:.2f} below {self.settings.review_threshold}", cell)
                continue
            if cell.column in accepted:
                continue  # the first (highest-ranked) value of a column wins within a row
            try:
                if colplan.link is not None:
                    value = self.resolve_parent(source, colplan.link, cell)
                    if value is None:
                        continue
                else:
                    value = coerce(self.conventions.normalized(tplan.table, colplan, cell.value), target.col(cell.column))
                    if (isinstance(value, str) and len(tplan.key) == 1 and link_form(value) == link_form(row_key)
                            and not self.conventions.repeats_key(tplan.table, cell.column, tplan.key[0])):
                        self.reject("value repeats its row's key")
                        continue
            except Unnormalizable as exc:
                self.hold(source, tplan.table, key, row_key, cell.column, "unnormalizable", cell.value, exc.reason, cell)
                continue
            accepted[cell.column] = Accepted(value, cell)
        return accepted

    def resolve_parent(self, source: lineage.Source, fk: ForeignKeyLink, cell: Cell) -> Any:
        """The referenced value for a mention of a parent row: linked, created, or None (held)."""
        parent = self.target(fk.table, [fk.match_on])
        mention = self.styled(fk.table, fk.match_on, clean_text(cell.value))
        mem = self.memory(fk.table, fk.match_on, fk.column)
        link = mem.link(mention, use_embeddings=self.use_embeddings)
        if link.found:
            return link.row_id[0]  # type: ignore[index]
        if (ref := self.queued_parent(parent, fk, mention)) is not None:
            mem.add(mention, (ref,))
            return ref
        parent_key = {fk.match_on: mention}
        if link.method == "ambiguous":
            self.hold(source, fk.table, parent_key, mention, fk.match_on, "ambiguous_link", mention, link.reason, cell)
            return None
        if fk.on_missing == "review":
            self.hold(source, fk.table, parent_key, mention, fk.match_on, "missing_parent", mention,
                      f"no {fk.table} row matches {mention!r}", cell)
            return None
        if fk.on_missing == "skip":
            self.reject("missing parent skipped")
            return None
        if parent.key != [fk.match_on]:
            parent = TargetTable(parent.table, [fk.match_on], parent.identity, False, parent.db_assigns_id)
        ident, inserted = insert_row(self.db, parent, {fk.match_on: mention})
        ref = fetch(self.db, parent, ident)
        if ref is None:
            raise PlanMismatch(f"parent row {mention!r} in {fk.table!r} vanished after insert")
        mem.add(mention, (ref[fk.column],))
        if inserted:
            self.report.table(fk.table).links_created += 1
            self.wrote(fk.table, ident, [fk.match_on])
            self._lineage.append(lineage.record(source, fk.table, mention, fk.match_on, mention, cell))
        return ref[fk.column]

    def queued_parent(self, parent: TargetTable, fk: ForeignKeyLink, mention: str) -> Any:
        """The referenced value of a parent row this batch queued (a document's own row of the parent
        table, "the United States", named again by a child as "United States"): the queue is written
        first. The reference memory was read from the database and has not seen the queue."""
        rows = self._memories.get((fk.table, fk.match_on))
        if rows is None:
            return None
        link = rows.link(mention, use_embeddings=False)
        if not link.found or not isinstance(link.row_id, QueuedRow):
            return None
        self.write_queue()
        ref = fetch(self.db, parent, link.row_id.ident) if link.row_id.ident is not None else None
        return None if ref is None else ref[fk.column]

    def fill(self, source: lineage.Source, tplan: TablePlan, target: TargetTable, ident: Ident | QueuedRow,
             row_key: str, accepted: dict[str, Accepted]) -> None:
        """Fill NULL cells of an existing row; a different existing value is a conflict."""
        if isinstance(ident, QueuedRow):  # a row this batch creates: insert the queue first
            self.write_queue()
            assert ident.ident is not None
            ident = ident.ident
        current = fetch(self.db, target, ident) or {}
        changes: dict[str, Any] = {}
        changes_report = self.report.table(tplan.table)
        key = {k: str(current.get(k, "")) for k in tplan.key}
        for column, acc in accepted.items():
            existing = current.get(column)
            if existing is None or (isinstance(existing, str) and not existing.strip()):
                changes[column] = acc.value
                changes_report.cells_filled += 1
            elif same_value(existing, acc.value):
                continue
            elif self.plan.conflict_policy == "overwrite":
                changes[column] = acc.value
                changes_report.cells_overwritten += 1
            else:
                self.report.conflicts += 1
                self.hold(source, tplan.table, key, row_key, column, "conflict", acc.value,
                          f"row holds {existing!r}, the document says {acc.value!r}", acc.cell, existing)
                continue
            self._lineage.append(lineage.record(source, tplan.table, row_key, column, acc.value, acc.cell))
        if changes:
            update_cells(self.db, target, ident, changes)
            self.wrote(tplan.table, ident, changes)
