"""What the observer learned about a target database: the planner's and analyzer's input.

Read-only facts (tables, columns, keys, foreign keys, dependency order) plus what the existing
rows show (null ratio, samples, value format, label sets). Samples come from bounded queries,
so `null_ratio` and `labels` describe a sample, never a full scan.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from text2db.schemas.events import utcnow
from text2db.schemas.lookup import by_name
from text2db.schemas.plan import ToolKind, ValueFormat, ValueType

OBSERVATION_V1 = "text2db.observation.v1"


class _Fact(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ForeignKeyRef(_Fact):
    """`columns` of this table reference `ref_columns` of `ref_table`."""

    columns: list[str]
    ref_table: str
    ref_columns: list[str]


class ColumnObservation(_Fact):
    name: str
    sql_type: str  # as the database reports it, e.g. "TEXT", "INTEGER", "VARCHAR(200)"
    value_type: ValueType  # the type family values are parsed into
    nullable: bool
    has_default: bool = False
    primary_key: bool = False
    unique: bool = False
    generated: bool = False  # the database fills it (integer surrogate primary key, identity)
    references: ForeignKeyRef | None = None
    null_ratio: float | None = None  # over the sampled rows; None when the table is empty
    samples: list[str] = Field(default_factory=list, max_length=20)
    distinct_in_sample: int = 0
    format: ValueFormat = Field(default_factory=ValueFormat)
    labels: list[str] | None = None  # a low-cardinality label set (classification column)
    labels_open: bool = False  # the labels are what a sample showed: the column may hold others
    recommended_tool: ToolKind = "attribute"
    demonstrations: list[str] = Field(default_factory=list, max_length=10)


class TableObservation(_Fact):
    name: str
    columns: list[ColumnObservation]
    primary_key: list[str] = Field(default_factory=list)
    unique_keys: list[list[str]] = Field(default_factory=list)
    foreign_keys: list[ForeignKeyRef] = Field(default_factory=list)
    natural_key: list[str] | None = None  # the key rows are matched on (None: none found)
    row_count: int = 0  # exact up to `row_count_capped`
    row_count_capped: bool = False  # True: the table has more rows than were counted
    sampled_rows: int = 0

    def column(self, name: str) -> ColumnObservation:
        return by_name(self.columns, name)

    def has_column(self, name: str) -> bool:
        return any(c.name == name for c in self.columns)

    @property
    def parents(self) -> list[str]:
        return sorted({fk.ref_table for fk in self.foreign_keys if fk.ref_table != self.name})


class Observation(_Fact):
    """All user tables of one database, parents before children (foreign-key order)."""

    schema_: str = Field(OBSERVATION_V1, alias="schema")
    dialect: str
    tables: list[TableObservation]
    observed_at: datetime = Field(default_factory=utcnow)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    def table(self, name: str) -> TableObservation:
        return by_name(self.tables, name)

    def has_table(self, name: str) -> bool:
        return any(t.name == name for t in self.tables)

    @property
    def table_names(self) -> list[str]:
        return [t.name for t in self.tables]
