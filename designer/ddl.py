"""A checked design as SQLAlchemy tables, and as DDL text for a dialect.

SQLAlchemy's compiler renders the CREATE TABLE statements, so every identifier is quoted by the
dialect's preparer ("order", "user") and no design text is ever formatted into SQL by hand.
Every key is declared in the DDL (PRIMARY KEY, REFERENCES): a reader of the database alone
sees the whole design.
"""

from __future__ import annotations

from sqlalchemy import (Boolean, Column, Date, DateTime, Float, ForeignKeyConstraint, Integer, MetaData, Numeric,
                        PrimaryKeyConstraint, Table, Text, Time, create_mock_engine)
from sqlalchemy.engine import Dialect
from sqlalchemy.schema import CreateTable
from sqlalchemy.types import TypeEngine

from text2db.schemas.design import SchemaDesign, TableDesign

SQL_TYPES: dict[str, TypeEngine] = {
    "INTEGER": Integer(), "DECIMAL": Numeric(12, 2), "REAL": Float(), "TEXT": Text(), "DATE": Date(),
    "TIME": Time(), "TIMESTAMP": DateTime(), "BOOLEAN": Boolean(),
}


def to_metadata(design: SchemaDesign, metadata: MetaData | None = None) -> MetaData:
    """SQLAlchemy tables of a checked design (parents first, as `checked` orders them)."""
    metadata = metadata or MetaData()
    for table in design.tables:
        to_table(table, metadata)
    return metadata


def to_table(table: TableDesign, metadata: MetaData) -> Table:
    single_pk = len(table.primary_key) == 1
    columns = [Column(c.name, SQL_TYPES[c.type], nullable=c.nullable and c.name not in table.primary_key,
                      unique=c.unique and not (single_pk and table.primary_key == [c.name]),
                      autoincrement=False, comment=None) for c in table.columns]
    constraints = [PrimaryKeyConstraint(*table.primary_key)]
    constraints += [ForeignKeyConstraint(fk.columns, [f"{fk.ref_table}.{r}" for r in fk.ref_columns])
                    for fk in table.foreign_keys]
    return Table(table.name, metadata, *columns, *constraints)


def dialect_named(name: str) -> Dialect:
    """A dialect object for rendering without a connection ('sqlite' or 'postgresql')."""
    return create_mock_engine(f"{name}://", lambda *a, **k: None).dialect


def create_statements(design: SchemaDesign, dialect: Dialect) -> list[str]:
    """One CREATE TABLE statement per table, parents first, compiled for `dialect`."""
    metadata = to_metadata(design)
    return [str(CreateTable(t).compile(dialect=dialect)).strip() for t in metadata.sorted_tables]


def ddl_script(design: SchemaDesign, dialect_name: str = "sqlite") -> str:
    return ";\n\n".join(create_statements(design, dialect_named(dialect_name))) + ";\n"
