"""The schema design: a relational schema drafted from a plain-language requirement (Text2Schema).

Like a plan, a design is data, never code: the LLM or the rule designer writes one, the
designer's validator checks it (identifiers, keys, foreign keys, NOT NULL cycles) and only a
validated design is rendered to DDL by SQLAlchemy's compiler, identifiers quoted by the
dialect. Version it (`schema`) when its shape changes.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Literal

from pydantic import ConfigDict, Field

from text2db.schemas.events import utcnow
from text2db.schemas.lookup import by_name
from text2db.schemas.plan import _Spec

DESIGN_V1 = "text2db.schema_design.v1"

# Column types a design may declare; each maps to one SQLAlchemy type per dialect (designer/ddl.py).
ColumnType = Literal["INTEGER", "DECIMAL", "REAL", "TEXT", "DATE", "TIME", "TIMESTAMP", "BOOLEAN"]
TYPE_FAMILY: dict[str, str] = {"INTEGER": "numeric", "DECIMAL": "numeric", "REAL": "numeric", "TEXT": "text",
                               "DATE": "datetime", "TIME": "datetime", "TIMESTAMP": "datetime", "BOOLEAN": "boolean"}


class ColumnDesign(_Spec):
    """One attribute. `description` says what it holds (the planner reads it as the question)."""

    name: str
    type: ColumnType = "TEXT"
    nullable: bool = True
    unique: bool = False
    description: str = ""


class ForeignKeyDesign(_Spec):
    """`columns` of this table reference `ref_columns` (a key) of `ref_table`."""

    columns: list[str] = Field(min_length=1)
    ref_table: str
    ref_columns: list[str] = Field(min_length=1)


class TableDesign(_Spec):
    """One relation: what a row is (`description`), its attributes, key and foreign keys."""

    name: str
    columns: list[ColumnDesign] = Field(min_length=1)
    primary_key: list[str] = Field(default_factory=list)
    foreign_keys: list[ForeignKeyDesign] = Field(default_factory=list)
    description: str = ""

    def column(self, name: str) -> ColumnDesign:
        return by_name(self.columns, name)

    def has_column(self, name: str) -> bool:
        return any(c.name == name for c in self.columns)

    @property
    def parents(self) -> list[str]:
        return [fk.ref_table for fk in self.foreign_keys]

    @property
    def reference_columns(self) -> set[str]:
        """The columns that refer to another table."""
        return {c for fk in self.foreign_keys for c in fk.columns}

    @property
    def own_attributes(self) -> set[str]:
        """The columns that are neither key nor reference: what a row says of itself."""
        return {c.name for c in self.columns} - set(self.primary_key) - self.reference_columns

    def related_to(self, other: TableDesign) -> bool:
        """A reference between this table and `other`, either way."""
        return other.name in self.parents or self.name in other.parents


class SchemaDesign(_Spec):
    """A versioned schema design; `tables` are in foreign-key order (parents first) once checked."""

    schema_: Literal["text2db.schema_design.v1"] = Field(DESIGN_V1, alias="schema")
    requirement: str
    designer: str = Field(description="Who wrote it: 'rules.v1' or 'llm:<model>'.")
    tables: list[TableDesign] = Field(min_length=1)
    notes: list[str] = Field(default_factory=list)
    created_at: datetime = Field(default_factory=utcnow)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    def table(self, name: str) -> TableDesign:
        return by_name(self.tables, name)

    def has_table(self, name: str) -> bool:
        return any(t.name == name for t in self.tables)

    @property
    def referenced_tables(self) -> set[str]:
        """The tables some table refers to (itself included)."""
        return {fk.ref_table for t in self.tables for fk in t.foreign_keys}

    @property
    def referenced_columns(self) -> set[tuple[str, str]]:
        """(table, column) of every column some reference points at: renaming one would leave
        that reference pointing at nothing."""
        return {(fk.ref_table, c) for t in self.tables for fk in t.foreign_keys for c in fk.ref_columns}

    def amended(self, tables: list[TableDesign], notes: list[str]) -> SchemaDesign:
        """This design with `tables` in place of its own and `notes` added; itself when a step
        noted nothing (each change a designer step makes is noted, so no note means no change)."""
        if not notes:
            return self
        return self.model_copy(update={"tables": tables, "notes": self.notes + notes})

    @property
    def fingerprint(self) -> str:
        """Hash of the structure only (not requirement, notes or time): equal designs create equal schemas."""
        body = "|".join(t.model_dump_json(exclude={"description"}) for t in self.tables)
        return hashlib.sha256(body.encode()).hexdigest()[:16]

    def to_json(self) -> str:
        return self.model_dump_json(by_alias=True, indent=2)
