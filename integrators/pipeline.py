"""The integrator stage (schemas.stages.IntegrateStage): a batch of extraction events becomes
cells of the target database in ONE transaction, with lineage, review items and integrity
checks, or nothing at all.

`apply` owns the transaction (the consumer commits its offsets after it returns); `apply_in`
does the same work in the caller's transaction (the analyzer's rolled-back simulation).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError, ProgrammingError

from text2db.config import Settings, get_settings
from text2db.integrators import lineage, locks, review
from text2db.integrators.batch import BatchWriter, link_columns
from text2db.integrators.exceptions import DatabaseUnavailable, IntegrityViolation, PlanMismatch
from text2db.integrators.keyindex import ensure_indexes, index_statements
from text2db.integrators.migrate import apply_migrations
from text2db.integrators.plancache import PlanCache
from text2db.integrators.upsert import TargetTable, python_type
from text2db.schemas.events import ExtractionEvent
from text2db.schemas.plan import Plan
from text2db.schemas.rows import ApplyReport

log = logging.getLogger(__name__)


@contextmanager
def database_errors() -> Iterator[None]:
    """Translate driver errors into the retry taxonomy: constraints are terminal, a lost or
    busy database is transient."""
    try:
        yield
    except IntegrityError as exc:
        raise IntegrityViolation(f"the database refused the batch: {exc.orig}") from exc
    except OperationalError as exc:
        raise DatabaseUnavailable(f"database unavailable: {exc.orig}") from exc
    except DBAPIError as exc:
        if exc.connection_invalidated:
            raise DatabaseUnavailable(f"database connection lost: {exc.orig}") from exc
        raise IntegrityViolation(f"the database refused the batch: {exc.orig}") from exc


class Integrator:
    """Applies extraction events of one plan to the target database.

    checks=False skips the Great Expectations validation (its cost is in `last_check_seconds`);
    use_embeddings=False links by exact, normalized and fuzzy matching only.
    """

    def __init__(self, engine: Engine, plan: Plan, settings: Settings | None = None, *, checks: bool = True,
                 use_embeddings: bool = True) -> None:
        self.engine = engine
        self.plan = plan
        self.settings = settings or get_settings()
        self.checks = checks
        self.use_embeddings = use_embeddings
        self.last_check_seconds = 0.0
        self._bookkeeping_ready = False
        self.cache = PlanCache()  # what the database shows about the plan's tables, per plan version

    def ensure_bookkeeping_tables(self) -> None:
        """Create text2db_lineage/_review once, outside any batch: two integrators starting
        together race on CREATE TABLE, and the loser just finds the table there on retry."""
        if self._bookkeeping_ready:
            return
        for attempt in range(3):
            try:
                with self.engine.begin() as conn:
                    lineage.metadata.create_all(conn, checkfirst=True)
                    review.metadata.create_all(conn, checkfirst=True)
                break
            except (IntegrityError, ProgrammingError):
                if attempt == 2:
                    raise
        self.prepare_link_indexes()
        self._bookkeeping_ready = True

    def prepare_link_indexes(self) -> None:
        """Create the indexes linking uses (settings.link_indexes is the consent), in their own
        transaction: on a large table this is the one-time cost that keeps every batch flat."""
        found = prepare_link_indexes(self.engine, self.plan, self.settings)
        if found is not None:
            self.cache.link_indexes = found

    def apply(self, events: Sequence[ExtractionEvent]) -> ApplyReport:
        with database_errors():
            self.ensure_bookkeeping_tables()
            try:
                with self.engine.begin() as conn:
                    locks.lock_tables(conn, locks.plan_tables(self.plan))  # one resolver per table (locks.py)
                    return self.apply_in(conn, events)
            except Exception:
                self.cache.clear()  # it may hold what the rolled-back transaction saw
                raise

    def apply_in(self, conn: Connection, events: Sequence[ExtractionEvent]) -> ApplyReport:
        with database_errors():
            if not self._bookkeeping_ready:  # `apply` made them; a caller's transaction may not have
                lineage.metadata.create_all(conn, checkfirst=True)
                review.metadata.create_all(conn, checkfirst=True)
            if self.cache.stale():
                self.cache.clear()
            added_columns = apply_migrations(conn, self.plan)
            if added_columns:
                self.cache.clear()  # reflected tables and formats predate the new columns
            writer = BatchWriter(conn, self.plan, self.settings, use_embeddings=self.use_embeddings, cache=self.cache,
                                 events=events)
            for table, added in added_columns.items():
                writer.report.table(table).columns_added += added
            for event in events:
                if event.job != self.plan.job:
                    writer.reject("event of another job")
                    continue
                writer.apply_event(event)
            writer.flush()
            if self.checks and writer.touched:
                from text2db.integrators.checks import validate_batch  # GX import costs seconds: only when used

                started = time.perf_counter()
                validate_batch(conn, self.plan, writer.touched, writer.targets, self.cache)
                self.last_check_seconds = time.perf_counter() - started
                log.debug("GX checks of %d event(s): %.3f s", len(events), self.last_check_seconds)
            return writer.report


def prepare_link_indexes(engine: Engine, plan: Plan, settings: Settings | None = None) -> dict[tuple[str, str], str] | None:
    """The plan's link columns that are indexed, after creating the missing indexes when
    settings.link_indexes consents, in a transaction of their own. The planner calls it before
    its simulation (whose rolled-back transaction cannot keep them), so planning a large table
    probes indexes instead of scanning it; None when a planned table or column is missing."""
    settings = settings or get_settings()
    with engine.begin() as conn:
        columns = _planned_link_columns(conn, plan, settings)
        return None if columns is None else ensure_indexes(conn, columns, create=settings.link_indexes)


def missing_link_indexes(engine: Engine, plan: Plan) -> list[str]:
    """The CREATE INDEX statements of the link indexes the plan's tables lack, for a DBA to run
    where text2db may not create them (TEXT2DB_LINK_INDEXES=false): what `text2db doctor`
    shows. Nothing when a planned table or column is missing (the plan's batches report it)."""
    with engine.connect() as conn:
        columns = _planned_link_columns(conn, plan, get_settings())
        if columns is None:
            return []
        found = ensure_indexes(conn, columns, create=False, warn=False)
        quote = conn.dialect.identifier_preparer.quote
        return [statement for target, column in columns
                if python_type(target.col(column)) is str and (target.table.name, column) not in found
                for statement in index_statements(conn.dialect.name, target.table.name, column, quote)]


def _planned_link_columns(conn: Connection, plan: Plan, settings: Settings) -> list[tuple[TargetTable, str]] | None:
    """The plan's link columns, reflected (batch.link_columns); None when a planned table or
    column is missing (the batch reports it)."""
    writer = BatchWriter(conn, plan, settings, cache=PlanCache())
    try:
        return link_columns(plan, writer.target)
    except PlanMismatch:
        return None


def build_integrator(engine: Engine, plan: Plan, settings: Settings | None = None, *, checks: bool = True) -> Integrator:
    """The seam consumers, the bench runner and Airflow tasks call (ARCHITECTURE.md)."""
    return Integrator(engine, plan, settings, checks=checks)

