"""The analyzer's dry run: existing rows with values held out, replayed as mock extraction
events through the real integrator inside a transaction that is always rolled back.

A held-out value that comes back different says the plan's format, type or link does not
reproduce what the table already holds. New columns get a synthetic surface form per format.
"""

from __future__ import annotations

import logging
from datetime import date
from typing import Any

from sqlalchemy import MetaData, Table, and_, create_engine, delete, event, or_, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from text2db.config import Settings
from text2db.errors import Text2DbError
from text2db.planner.report import AnalysisReport, Simulation
from text2db.schemas.events import CandidateRow, Cell, ExtractionEvent
from text2db.schemas.observation import Observation
from text2db.schemas.plan import ColumnPlan, Plan, TablePlan

ROWS_PER_TABLE = 3
TOOL = "text2db.analyzer.simulation"
SAMPLE_DAY = date(2001, 2, 3)
log = logging.getLogger(__name__)


def simulate(engine: Engine, plan: Plan, observation: Observation, settings: Settings | None,
             report: AnalysisReport) -> None:
    try:
        from text2db.integrators.pipeline import build_integrator
    except ImportError as exc:
        report.simulation = Simulation(status="skipped", reason=f"skipped: integrator unavailable ({exc})")
        return
    try:  # text2db's link indexes (with consent), committed: the rolled-back simulation then probes them
        from text2db.integrators.pipeline import prepare_link_indexes

        prepare_link_indexes(engine, plan, settings)
    except SQLAlchemyError as exc:  # no rights or a busy database: the simulation links without them
        log.info("link indexes not prepared before the simulation: %s", exc)
    sim_engine, owned = _transactional(engine)
    if sim_engine is None:
        report.simulation = Simulation(status="skipped", reason="skipped: in-memory SQLite cannot be re-opened")
        return
    try:
        with sim_engine.connect() as conn:
            trans = conn.begin()
            try:
                _run(conn, sim_engine, build_integrator, plan, observation, settings, report)
            except SQLAlchemyError as exc:  # e.g. no write permission: the static checks still stand
                report.simulation = Simulation(status="failed", reason=f"{exc.__class__.__name__}: {exc}"[:500])
                report.add("warning", "simulation_failed", f"the simulation could not run: {exc.__class__.__name__}")
            finally:
                trans.rollback()
    finally:
        if owned:
            sim_engine.dispose()


def _transactional(engine: Engine) -> tuple[Engine | None, bool]:
    """pysqlite runs DDL outside transactions unless told otherwise: a separate engine that
    emits BEGIN itself makes the integrator's ALTER/CREATE roll back too."""
    if engine.dialect.name != "sqlite":
        return engine, False
    if engine.url.database in (None, "", ":memory:"):
        return None, False
    sim = create_engine(engine.url)

    @event.listens_for(sim, "connect")
    def _manual(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None

    @event.listens_for(sim, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN")

    return sim, True


def _run(conn: Connection, engine: Engine, build_integrator, plan: Plan, observation: Observation,
         settings: Settings | None, report: AnalysisReport) -> None:
    metadata = MetaData()
    expected: list[tuple[Table, dict[str, Any], str, Any, Any]] = []  # table, key, column, value, surface
    rows: list[CandidateRow] = []
    reinserted = 0
    for tplan in plan.tables:
        table = Table(tplan.table, metadata, autoload_with=conn)
        removed = _removed(conn, table, tplan)
        reinserted += len(removed)
        cases = removed + _held_out(conn, table, tplan, observation) + _synthetic(conn, table, tplan)
        for key, cells in cases:
            rows.append(CandidateRow(table=tplan.table, key=[_cell(k, v) for k, v in key.items()],
                                     cells=[_cell(c, surface) for c, _, surface in cells]))
            expected += [(table, key, c, value, surface) for c, value, surface in cells]
    if not rows:
        report.simulation = Simulation(status="skipped", reason="skipped: no existing rows with values to hold out")
        return
    events = [ExtractionEvent(job=plan.job, document_id=f"simulation-{i}", plan_version=plan.version, rows=[row])
              for i, row in enumerate(rows)]
    try:
        try:
            integrator = build_integrator(engine, plan, settings, checks=False)
        except TypeError:
            integrator = build_integrator(engine, plan, settings)
        if hasattr(integrator, "use_embeddings"):
            # keys here are copied from the table: exact and fuzzy linking decide them, and the
            # planner does not pay the sentence encoder's load (seconds) for nothing
            integrator.use_embeddings = False
        integrator.apply_in(conn, events)
    except Text2DbError as exc:
        report.simulation = Simulation(status="failed", reason=str(exc), rows=len(rows))
        report.add("mismatch", "simulation_failed", f"the integrator refused the simulated rows: {exc}")
        return
    matched = 0
    after = MetaData()  # reflected again: the integrator may have added columns
    for old, key, column, value, surface in expected:
        table = Table(old.name, after, autoload_with=conn) if old.name not in after.tables else after.tables[old.name]
        found = conn.execute(select(table.c[column]).where(_where(table, key))).first()
        got = None if found is None else found[0]
        if _same(value, got):
            matched += 1
        elif found is None:
            report.add("mismatch", "simulation_row_missing", f"{table.name}: no row keyed {key!r} after the integrator "
                       f"ran (expected {column}={value!r}; was the key stored in another form?)", table.name, column)
        else:
            report.add("mismatch", "simulation_mismatch", f"{table.name}.{column}: from {surface!r} the integrator "
                       f"wrote {got!r}, the table held {value!r}", table.name, column)
    status = "passed" if matched == len(expected) else "mismatches"
    report.simulation = Simulation(status=status, rows=len(rows), rows_reinserted=reinserted,
                                   cells_checked=len(expected), cells_matched=matched)


def _cell(column: str, value: Any) -> Cell:
    scalar = value if value is None or isinstance(value, (str, int, float, bool)) else str(value)
    return Cell(column=column, value=scalar, confidence=1.0, tool=TOOL)


def _where(table: Table, key: dict[str, Any]):
    return and_(*(table.c[k] == v for k, v in key.items()))


def _removed(conn: Connection, table: Table, tplan: TablePlan) -> list:
    """One whole row deleted here and expected back as an inserted row (the row-population
    path), unless the plan only fills existing rows or other rows reference it."""
    fill = [c for c in tplan.columns if c.new is None and c.name not in tplan.key and c.name in table.c]
    if tplan.only_existing_rows or not fill or any(k not in table.c for k in tplan.key):
        return []
    query = select(table).where(and_(*(table.c[k].is_not(None) for k in tplan.key)))
    row = conn.execute(query.where(or_(*(table.c[c.name].is_not(None) for c in fill))).limit(1)).mappings().first()
    if row is None:
        return []
    key = {k: row[k] for k in tplan.key}
    cells = [(c.name, row[c.name], _surface(conn, c, row[c.name])) for c in fill if row[c.name] is not None]
    cells = [cell for cell in cells if cell[2] is not None]
    try:
        with conn.begin_nested():
            conn.execute(delete(table).where(_where(table, key)))
    except DBAPIError:  # referenced by other rows: the fill path is still simulated
        return []
    return [(key, cells)] if cells else []


def _held_out(conn: Connection, table: Table, tplan: TablePlan, observation: Observation) -> list:
    """Rows with values: their cells are set to NULL here and expected back from the integrator."""
    observed = observation.table(tplan.table)
    fill = [c for c in tplan.columns if c.new is None and c.name not in tplan.key and c.name in table.c
            and observed.column(c.name).nullable and not observed.column(c.name).primary_key]  # SQLite: a TEXT PK "nullable"
    if not fill or any(k not in table.c for k in tplan.key):
        return []
    query = select(table).where(and_(*(table.c[k].is_not(None) for k in tplan.key)))
    query = query.where(or_(*(table.c[c.name].is_not(None) for c in fill))).limit(ROWS_PER_TABLE)
    cases = []
    for row in conn.execute(query).mappings().all():
        key = {k: row[k] for k in tplan.key}
        cells = [(c.name, row[c.name], _surface(conn, c, row[c.name])) for c in fill if row[c.name] is not None]
        cells = [cell for cell in cells if cell[2] is not None]
        if cells:
            conn.execute(update(table).where(_where(table, key)).values({c: None for c, _, _ in cells}))
            cases.append((key, cells))
    return cases


def _surface(conn: Connection, col: ColumnPlan, value: Any) -> Any:
    """How a document would mention the stored value (a parent's name for a foreign key)."""
    if col.link is None:
        return value.isoformat() if isinstance(value, date) else value
    parent = Table(col.link.table, MetaData(), autoload_with=conn)
    return conn.execute(select(parent.c[col.link.match_on]).where(parent.c[col.link.column] == value)).scalar()


def _synthetic(conn: Connection, table: Table, tplan: TablePlan) -> list:
    """One existing row gets a made-up value for each new column, in a surface form the
    format must turn into the expected stored value."""
    new = [c for c in tplan.columns if c.new is not None]
    if not new or any(k not in table.c for k in tplan.key):
        return []
    row = conn.execute(select(table).where(and_(*(table.c[k].is_not(None) for k in tplan.key))).limit(1)).mappings().first()
    if row is None:
        return []
    cells = [(c.name, *(_existing_parent(conn, c) if c.link is not None else _made_up(c))) for c in new]
    return [({k: row[k] for k in tplan.key}, [c for c in cells if c[2] is not None])]


def _existing_parent(conn: Connection, col: ColumnPlan) -> tuple[Any, Any]:
    """A new foreign-key column: (the referenced value, the parent's name) of an existing parent
    row, so the link path is simulated without creating a parent."""
    assert col.link is not None
    parent = Table(col.link.table, MetaData(), autoload_with=conn)
    if col.link.column not in parent.c or col.link.match_on not in parent.c:
        return None, None
    row = conn.execute(select(parent.c[col.link.column], parent.c[col.link.match_on])
                       .where(parent.c[col.link.match_on].is_not(None)).limit(1)).first()
    return (row[0], row[1]) if row is not None else (None, None)


def _made_up(col: ColumnPlan) -> tuple[Any, Any]:
    """(expected stored value, surface form) for a new column's format."""
    kind = col.format.kind
    if kind == "date":
        stored = SAMPLE_DAY.isoformat() if col.new and col.new.sql_type == "DATE" else SAMPLE_DAY.strftime(col.format.pattern or "%Y-%m-%d")
        return stored, "3 February 2001"
    if kind == "year":
        return 2001, "2001"
    if kind in ("integer", "number"):
        return 42, "42"
    if kind == "country":
        return "France", "France"
    if kind == "label" and col.labels:
        return col.labels[0], col.labels[0]
    if kind == "text":
        return "Simulated Value", "Simulated Value"
    return None, None


def _same(expected: Any, got: Any) -> bool:
    if got is None:
        return expected is None
    if isinstance(got, date):
        got = got.isoformat()
    try:
        return float(str(expected)) == float(str(got))
    except ValueError:
        return str(expected).strip() == str(got).strip()
