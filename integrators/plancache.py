"""What an integrator learns about the target database once per plan version, not per batch.

Reflected tables, which link columns are indexed, the existing values and formats of columns,
the ranges, learned formats and GX suites the checks use: each is a read of the schema, a scan
of a column or (the suites) GX work, and on a million-row table a batch cannot afford them. They change slowly (a new
column comes with a new plan version, a convention with many rows), so one `PlanCache` lives
as long as its `Integrator` and is dropped after `max_age_s` (refreshed on that schedule) or
when a migration adds a column.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from text2db.integrators.upsert import TargetTable

DEFAULT_MAX_AGE_S = 600.0


@dataclass
class PlanCache:
    max_age_s: float = DEFAULT_MAX_AGE_S
    created: float = field(default_factory=time.monotonic)
    targets: dict[tuple[str, tuple[str, ...]], TargetTable] = field(default_factory=dict)  # (table, key)
    link_indexes: dict[tuple[str, str], str] | None = None  # (table, column) -> "blocked" | "prefix"
    small_tables: dict[str, bool] = field(default_factory=dict)  # linked from memory (keyindex.small_table)
    column_values: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    column_folds: dict[tuple[str, str], dict[str, str | None]] = field(default_factory=dict)
    noun_styles: dict[tuple[str, str], bool] = field(default_factory=dict)  # formats.common_noun_style per column
    formats: dict[tuple[str, str], Any] = field(default_factory=dict)
    iso_tables: dict[str, bool] = field(default_factory=dict)
    bare_initials: dict[str, bool] = field(default_factory=dict)  # textstyle.writes_bare_initials per table
    number_templates: dict[tuple[str, str], dict[int, str]] = field(default_factory=dict)  # textstyle.number_template
    country_names: dict[tuple[str, str], dict[str, str | None]] = field(default_factory=dict)  # common name -> as written
    repeats_key: dict[tuple[str, str], bool] = field(default_factory=dict)  # formats.ColumnConventions.repeats_key
    ranges: dict[tuple[str, str], tuple[Any, Any]] = field(default_factory=dict)
    learned: dict[tuple[str, str], str | None] = field(default_factory=dict)
    suites: dict[str, Any] = field(default_factory=dict)  # table -> its GX ExpectationSuite (checks.table_suite)

    def stale(self) -> bool:
        return time.monotonic() - self.created > self.max_age_s

    def clear(self) -> None:
        """Forget everything (a column was added, or the cache aged out)."""
        fresh = PlanCache(self.max_age_s)
        for f in dataclasses.fields(self):
            setattr(self, f.name, getattr(fresh, f.name))

    def target(self, name: str, key: Sequence[str]) -> TargetTable | None:
        """The cached reflection for this batch: the per-transaction lock flag starts unset."""
        cached = self.targets.get((name, tuple(key)))
        return dataclasses.replace(cached, _locked=False) if cached is not None else None
