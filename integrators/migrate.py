"""Column addition: add the plan's new columns before any write, idempotently.

DDL cannot bind parameters, so the column name must match the plan's NEW_IDENTIFIER (plain
words) and is still quoted by the dialect's identifier preparer; the default is rendered as a
literal by SQLAlchemy's compiler, never by string formatting of untrusted text.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Date, Float, Integer, Text, inspect, literal, text
from sqlalchemy.engine import Connection

from text2db.integrators.exceptions import PlanMismatch, UnsafeIdentifier
from text2db.schemas.plan import NEW_IDENTIFIER, ColumnPlan, Plan

SQL_TYPES = {"TEXT": Text(), "INTEGER": Integer(), "REAL": Float(), "DATE": Date(), "BOOLEAN": Boolean()}


def add_column_sql(conn: Connection, table: str, column: ColumnPlan) -> str:
    """The ALTER TABLE statement adding `column` (planned with `new`) to `table`."""
    assert column.new is not None
    if not NEW_IDENTIFIER.match(column.name):
        raise UnsafeIdentifier(f"refusing to add column {column.name!r}: not a plain SQL identifier")
    dialect = conn.dialect
    preparer = dialect.identifier_preparer
    sql_type = SQL_TYPES[column.new.sql_type].compile(dialect=dialect)
    if column.new.sql_type == "REAL" and dialect.name == "postgresql":
        sql_type = "DOUBLE PRECISION"
    if_absent = "IF NOT EXISTS " if dialect.name == "postgresql" else ""  # two integrators racing
    parts = [f"ALTER TABLE {preparer.quote(table)} ADD COLUMN {if_absent}{preparer.quote(column.name)} {sql_type}"]
    if column.new.default is not None:
        default = literal(column.new.default).compile(dialect=dialect, compile_kwargs={"literal_binds": True})
        parts.append(f"DEFAULT {default}")
    if not column.new.nullable:
        parts.append("NOT NULL")
    if column.link is not None:  # a new foreign key; the analyzed plan names an existing parent column
        parent = inspect(conn)
        if not parent.has_table(column.link.table) or column.link.column not in {
                c["name"] for c in parent.get_columns(column.link.table)}:
            raise PlanMismatch(f"new column {column.name!r} references {column.link.table}.{column.link.column}, "
                               "which does not exist")
        parts.append(f"REFERENCES {preparer.quote(column.link.table)} ({preparer.quote(column.link.column)})")
    return " ".join(parts)


def apply_migrations(conn: Connection, plan: Plan) -> dict[str, int]:
    """Add every planned new column that is not there yet; {table: columns added}."""
    added: dict[str, int] = {}
    insp = inspect(conn)
    for table_plan in plan.tables:
        new_columns = [c for c in table_plan.columns if c.new is not None]
        if not new_columns:
            continue
        if not insp.has_table(table_plan.table):
            raise PlanMismatch(f"cannot add columns to missing table {table_plan.table!r}")
        present = {c["name"] for c in insp.get_columns(table_plan.table)}
        for column in new_columns:
            if column.name in present:
                continue  # idempotent: a replay, or another integrator added it first
            conn.execute(text(add_column_sql(conn, table_plan.table, column)))
            added[table_plan.table] = added.get(table_plan.table, 0) + 1
        insp.clear_cache()
    return added
