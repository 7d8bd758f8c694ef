"""The extraction plan: what to extract from every document of a job and where it goes.

A plan is data, validated here and checked by the analyzer against the live schema; it is
never code. Extractors read `ColumnPlan.tool/question/labels/value_type`; integrators read
`format`, `link`, `operation` and `conflict_policy`. Version it (`schema`) when it changes.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from text2db.schemas.events import utcnow
from text2db.schemas.lookup import by_name

PLAN_V1 = "text2db.plan.v1"

TaskType = Literal["data_infilling", "row_population", "column_addition"]
ToolKind = Literal["key", "entity", "attribute", "relation", "classification"]
ValueType = Literal["text", "integer", "number", "date", "year", "boolean"]
ConflictPolicy = Literal["fill_only", "overwrite", "review"]

# SQL identifiers a plan may name for NEW columns: plain words only. Existing identifiers are
# checked against the reflected schema by the analyzer, whatever characters they hold.
NEW_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,62}$")


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ValueFormat(_Spec):
    """How values of a column are written, learned from existing rows or asked for.

    kind=date: `pattern` is a strftime pattern ("%Y-%m-%d", "%d %B %Y").
    kind=year/integer/number: `scale` multiplies parsed numbers ("$714 million" -> 714000000 at 1).
    kind=country: the column holds country names in `style` ("common_name" as in "United States").
    kind=label: the value must be one of the column's labels.
    kind=text: `casing` ("as_is", "title", "upper", "lower").
    """

    kind: Literal["text", "date", "year", "integer", "number", "country", "label", "boolean"] = "text"
    pattern: str | None = None
    scale: float = 1.0
    unit: str | None = None
    casing: Literal["as_is", "title", "upper", "lower"] = "as_is"
    style: str | None = None
    examples: list[str] = Field(default_factory=list, max_length=10)


class ForeignKeyLink(_Spec):
    """How a column that references another table gets its value."""

    table: str
    column: str  # the referenced column (usually the parent's primary key)
    match_on: str  # the parent's column the extracted mention is compared with (e.g. "name")
    on_missing: Literal["create", "review", "skip"] = "create"


class NewColumn(_Spec):
    """A column to add (column addition): created through a migration before any write."""

    sql_type: Literal["TEXT", "INTEGER", "REAL", "DATE", "BOOLEAN"]
    nullable: bool = True
    default: str | int | float | None = None

    @model_validator(mode="after")
    def _nullable_or_default(self) -> "NewColumn":
        if not self.nullable and self.default is None:
            raise ValueError("a NOT NULL new column needs a default so existing rows stay valid")
        return self


class ColumnPlan(_Spec):
    """One column to fill: what to ask the extractors and how to write the answer."""

    name: str
    tool: ToolKind
    question: str = Field(description="What the value is, in words: 'date of birth of the person'.")
    value_type: ValueType = "text"
    format: ValueFormat = Field(default_factory=ValueFormat)
    labels: list[str] | None = None  # classification: the allowed values
    labels_open: bool = False  # the labels are the ones existing rows showed, not all there are: a short
    # value the text writes that is none of them is kept as written (a 15-row table shows 2 of 6 price ranges)
    entity_types: list[str] = Field(default_factory=list)  # NER labels a value may have (PERSON, GPE...)
    demonstrations: list[str] = Field(default_factory=list, max_length=10)  # existing values, as examples
    link: ForeignKeyLink | None = None
    new: NewColumn | None = None  # set only for column addition

    @model_validator(mode="after")
    def _consistent(self) -> "ColumnPlan":
        if self.tool == "classification" and not self.labels:
            raise ValueError(f"column {self.name!r}: a classification column needs labels")
        if self.new is not None and not NEW_IDENTIFIER.match(self.name):
            raise ValueError(f"new column name {self.name!r} must match {NEW_IDENTIFIER.pattern}")
        return self


class TablePlan(_Spec):
    """One target table: which entities its rows represent, how rows are keyed, what to fill."""

    table: str
    operation: TaskType
    entity: str = Field(description="What one row represents, in words: 'person', 'film'.")
    entity_types: list[str] = Field(default_factory=list, description="NER labels of row entities.")
    key: list[str] = Field(min_length=1, description="Natural key column(s) rows are matched on.")
    columns: list[ColumnPlan] = Field(min_length=1)
    only_existing_rows: bool = False  # data infilling restricted to rows already present
    require_facts: bool = True  # insert a new row only when a non-key cell was extracted for it

    @field_validator("columns")
    @classmethod
    def _unique_columns(cls, cols: list[ColumnPlan]) -> list[ColumnPlan]:
        names = [c.name for c in cols]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"columns planned twice: {dupes}")
        return cols

    def column(self, name: str) -> ColumnPlan:
        return by_name(self.columns, name)


class Plan(_Spec):
    """A versioned, validated extraction plan for one job. Tables are in foreign-key order."""

    schema_: Literal["text2db.plan.v1"] = Field(PLAN_V1, alias="schema")
    job: str
    version: int = Field(1, ge=1)
    instruction: str
    planner: str = Field(description="Who wrote it: 'rules.v1' or 'llm:<model>'.")
    tables: list[TablePlan] = Field(min_length=1)
    conflict_policy: ConflictPolicy = "fill_only"
    created_at: datetime = Field(default_factory=utcnow)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    def table(self, name: str) -> TablePlan:
        return by_name(self.tables, name, "table")

    def to_json(self) -> str:
        return self.model_dump_json(by_alias=True, indent=2)
