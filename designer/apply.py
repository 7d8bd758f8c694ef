"""`--apply`: create a checked design in the target database in one transaction.

Tables are created through the same path as column addition (integrators/migrate.py renders
each added column; SQLAlchemy's compiler renders CREATE TABLE). Existing tables are never
touched unless the caller allows it: a table of the design that exists with exactly the
design's columns is left as it is (so a second `--apply` changes nothing), one that differs
stops the whole apply, or with `allow_existing` gets only its missing columns added.
SQLite runs DDL outside transactions by default; here it gets an explicit BEGIN so a failure
leaves the database as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import create_engine, event, inspect, text
from sqlalchemy.engine import Connection, Engine

from text2db.designer.ddl import to_metadata
from text2db.designer.exceptions import TablesExist
from text2db.designer.validate import checked
from text2db.integrators.migrate import add_column_sql
from text2db.schemas.design import ColumnDesign, SchemaDesign
from text2db.schemas.plan import ColumnPlan, NewColumn

# The migration path knows five column types; the others are added as their nearest one.
MIGRATION_TYPE = {"INTEGER": "INTEGER", "DECIMAL": "REAL", "REAL": "REAL", "TEXT": "TEXT", "DATE": "DATE",
                  "TIME": "TEXT", "TIMESTAMP": "TEXT", "BOOLEAN": "BOOLEAN"}


@dataclass
class ApplyResult:
    created: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    columns_added: dict[str, list[str]] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.columns_added)

    def as_dict(self) -> dict[str, object]:
        return {"created": self.created, "unchanged": self.unchanged, "columns_added": self.columns_added,
                "changed": self.changed}


def transactional_engine(url: str) -> Engine:
    """An engine whose transactions include DDL (pysqlite commits DDL on its own otherwise)."""
    engine = create_engine(url)
    if engine.dialect.name == "sqlite":
        @event.listens_for(engine, "connect")
        def _no_implicit(dbapi_conn, _record):  # type: ignore[no-untyped-def]
            dbapi_conn.isolation_level = None

        @event.listens_for(engine, "begin")
        def _begin(conn):  # type: ignore[no-untyped-def]
            conn.exec_driver_sql("BEGIN")
    return engine


def apply_design(url: str, design: SchemaDesign, allow_existing: bool = False) -> ApplyResult:
    """Create the design's missing tables (and, if allowed, missing columns) in one transaction."""
    design = checked(design)
    engine = transactional_engine(url)
    try:
        with engine.begin() as conn:
            return apply_in(conn, design, allow_existing)
    finally:
        engine.dispose()


def apply_in(conn: Connection, design: SchemaDesign, allow_existing: bool = False) -> ApplyResult:
    """The work of `apply_design` inside a transaction the caller owns."""
    result = ApplyResult()
    insp = inspect(conn)
    present = set(insp.get_table_names())
    differing: dict[str, list[str]] = {}
    for table in design.tables:
        if table.name not in present:
            continue
        have = {c["name"] for c in insp.get_columns(table.name)}
        missing = [c.name for c in table.columns if c.name not in have]
        if missing:
            differing[table.name] = missing
        else:
            result.unchanged.append(table.name)
    if differing and not allow_existing:
        raise TablesExist("tables of the design already exist with other columns: "
                          + "; ".join(f"{t} lacks {', '.join(c)}" for t, c in differing.items()))
    metadata = to_metadata(design)
    to_create = [metadata.tables[t.name] for t in design.tables if t.name not in present]
    metadata.create_all(conn, tables=to_create, checkfirst=False)
    result.created = [t.name for t in to_create]
    for name, missing in differing.items():
        table = design.table(name)
        for column in (table.column(c) for c in missing):
            conn.execute(text(add_column_sql(conn, name, _as_new_column(column))))
        result.columns_added[name] = missing
    return result


def _as_new_column(column: ColumnDesign) -> ColumnPlan:
    """A design column in the shape the column-addition migration takes (nullable: old rows stay valid)."""
    return ColumnPlan(name=column.name, tool="attribute", question=column.description or column.name.replace("_", " "),
                      new=NewColumn(sql_type=MIGRATION_TYPE[column.type]))  # type: ignore[arg-type]
