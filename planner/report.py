"""The analyzer's report: every check it ran, what it found, and how the simulation went.

`error` issues block the plan; `mismatch` issues (simulated values that came back different)
are sent back to the planner for a revision but do not block; `warning`s are for the reader.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Severity = Literal["error", "mismatch", "warning"]


class Issue(BaseModel):
    severity: Severity
    code: str  # e.g. unknown_column, type_mismatch, not_null_uncovered, simulation_mismatch
    message: str
    table: str | None = None
    column: str | None = None


class Simulation(BaseModel):
    """The rolled-back dry run: existing rows with values held out, applied by the integrator."""

    status: Literal["passed", "mismatches", "failed", "skipped"] = "skipped"
    reason: str | None = None  # why skipped/failed
    rows: int = 0
    rows_reinserted: int = 0  # whole rows deleted and expected back through the insert path
    cells_checked: int = 0
    cells_matched: int = 0


class AnalysisReport(BaseModel):
    checks: list[str] = Field(default_factory=list)  # names of the checks that ran
    issues: list[Issue] = Field(default_factory=list)
    simulation: Simulation = Field(default_factory=Simulation)
    notes: list[str] = Field(default_factory=list)  # what the planner noticed (unknown columns asked for...)
    revisions: int = 0  # how many times the plan went back to a planner
    planners_tried: list[str] = Field(default_factory=list)

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.severity == "error"]

    @property
    def mismatches(self) -> list[Issue]:
        return [i for i in self.issues if i.severity == "mismatch"]

    @property
    def passed(self) -> bool:
        return not self.errors

    def add(self, severity: Severity, code: str, message: str, table: str | None = None, column: str | None = None) -> None:
        self.issues.append(Issue(severity=severity, code=code, message=message, table=table, column=column))

    def feedback(self) -> str:
        """The issues in words, for a planner's next revision."""
        return "\n".join(f"- [{i.severity}] {i.message}" for i in self.issues if i.severity != "warning")
