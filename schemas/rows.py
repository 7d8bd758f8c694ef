"""What applying extractions to the target database did: the integrator's report.

The demo prints it, consumers turn it into metrics, the bench runner sums it.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, Field


class TableChanges(BaseModel):
    rows_inserted: int = 0
    cells_filled: int = 0  # NULL cells of existing rows given a value
    cells_overwritten: int = 0  # only under conflict_policy="overwrite"
    columns_added: int = 0
    links_created: int = 0  # parent rows created to satisfy a foreign key


class ApplyReport(BaseModel):
    """Per-table changes of one batch, plus what was held back for review."""

    tables: dict[str, TableChanges] = Field(default_factory=dict)
    review_items: int = 0
    conflicts: int = 0
    rejected_values: Counter[str] = Field(default_factory=Counter)  # reason -> count
    events_applied: int = 0

    def table(self, name: str) -> TableChanges:
        if name not in self.tables:  # not setdefault: a model built per call costs ~30 us, per row
            self.tables[name] = TableChanges()
        return self.tables[name]

    def merge(self, other: "ApplyReport") -> "ApplyReport":
        for name, ch in other.tables.items():
            mine = self.table(name)
            for field in TableChanges.model_fields:
                setattr(mine, field, getattr(mine, field) + getattr(ch, field))
        self.review_items += other.review_items
        self.conflicts += other.conflicts
        self.rejected_values.update(other.rejected_values)
        self.events_applied += other.events_applied
        return self

    @property
    def changed_anything(self) -> bool:
        return any(any(getattr(t, f) for f in TableChanges.model_fields) for t in self.tables.values())
