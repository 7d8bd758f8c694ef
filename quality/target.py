"""The target tables as the baselines see them (reflected, never from meta.json), and the only
way they write: new columns with validated names, rows upserted on the table's key with bound
parameters, existing values never overwritten (fill-only, like the pipeline's default policy)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, MetaData, Table, inspect, select
from sqlalchemy.engine import Connection, Engine

from text2db.quality.delta import is_null_like
from text2db.schemas.plan import NEW_IDENTIFIER

SQL_TYPES = {"TEXT": "TEXT", "INTEGER": "INTEGER", "REAL": "REAL", "DATE": "TEXT", "NUMBER": "REAL"}


@dataclass(frozen=True)
class TargetTable:
    name: str
    columns: list[str]
    key: str  # the natural key: a UNIQUE text column, else the first non-primary-key column
    surrogate: list[str]
    create_sql: str


def reflect(engine: Engine) -> list[TargetTable]:
    inspector = inspect(engine)
    tables = []
    for name in inspector.get_table_names():
        if name.startswith("text2db_"):
            continue
        columns = [c["name"] for c in inspector.get_columns(name)]
        primary = inspector.get_pk_constraint(name).get("constrained_columns") or []
        unique = [c for u in inspector.get_unique_constraints(name) for c in u["column_names"]]
        unique += [c for i in inspector.get_indexes(name) if i.get("unique") for c in i["column_names"]]
        candidates = [c for c in unique if c not in primary] or [c for c in columns if c not in primary] or columns
        with engine.connect() as conn:
            sql = conn.exec_driver_sql("SELECT sql FROM sqlite_master WHERE name = ?", (name,)).scalar() if engine.dialect.name == "sqlite" else ""
        tables.append(TargetTable(name, columns, candidates[0], [c for c in primary if c != candidates[0]], sql or ""))
    return tables


def sample_rows(engine: Engine, table: TargetTable, limit: int = 5) -> list[dict[str, Any]]:
    """A few rows, the fullest first, to show the formats values are written in."""
    reflected = Table(table.name, MetaData(), autoload_with=engine)
    with engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(select(reflected))]
    rows.sort(key=lambda r: -sum(not is_null_like(v) for v in r.values()))
    return [{k: v for k, v in r.items() if k not in table.surrogate} for r in rows[:limit]]


def add_column(conn: Connection, table: TargetTable, name: str, sql_type: str) -> bool:
    """ALTER TABLE ADD COLUMN for a validated new name; False when it exists or is invalid."""
    if name in table.columns or not NEW_IDENTIFIER.match(name):
        return False
    ddl_type = SQL_TYPES.get(sql_type.upper(), "TEXT")
    conn.exec_driver_sql(f'ALTER TABLE "{table.name}" ADD COLUMN "{name}" {ddl_type}')
    return True


def upsert(conn: Connection, table_name: str, key: str, values: dict[str, Any]) -> str:
    """Insert a row, or fill the NULL cells of the row with the same key; returns what it did."""
    table = Table(table_name, MetaData(), autoload_with=conn)
    values = {k: v for k, v in values.items() if k in table.c and not is_null_like(v)}
    if is_null_like(values.get(key)):
        return "skipped"
    key_column: Column[Any] = table.c[key]
    existing = conn.execute(select(table).where(key_column == values[key])).first()
    if existing is None:
        conn.execute(table.insert().values(**values))
        return "inserted"
    fill = {k: v for k, v in values.items() if is_null_like(existing._mapping[k])}
    if fill:
        conn.execute(table.update().where(key_column == values[key]).values(**fill))
    return "filled" if fill else "unchanged"
