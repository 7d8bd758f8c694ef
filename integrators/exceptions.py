"""Errors of the integrator stage. The consumer retries `Transient` ones and dead-letters
`Terminal` ones at once; a batch that raises leaves the database unchanged (rolled back)."""

from __future__ import annotations

from text2db.errors import Terminal, Text2DbError, Transient


class Unnormalizable(Text2DbError, Terminal):
    """A value that cannot be written in its column's format; it goes to review, not the table.

    Raised by the pure functions of `normalize` and caught per cell by the pipeline: it never
    fails a batch on its own.
    """

    def __init__(self, reason: str, value: object = None) -> None:
        super().__init__(reason, value=value)
        self.reason = reason


class PlanMismatch(Text2DbError, Terminal):
    """The plan names a table or column the target database does not have."""

    hint = "re-plan the job against the current schema (`text2db plan`)"


class UnsafeIdentifier(Text2DbError, Terminal):
    """A new column name that is not a plain SQL word: never interpolated into DDL."""


class ChecksFailed(Text2DbError, Terminal):
    """The batch broke an expectation; it was rolled back. `failures` lists what failed."""

    hint = "inspect the dead letter's failing expectations, fix the plan or the data, then replay it"

    def __init__(self, message: str, failures: list[dict[str, object]]) -> None:
        super().__init__(message, failures=failures)
        self.failures = failures


class IntegrityViolation(Text2DbError, Terminal):
    """The database refused the batch (unique, not-null or foreign-key constraint)."""

    hint = "the same batch will fail again: dead-letter it and inspect the constraint"


class DatabaseUnavailable(Text2DbError, Transient):
    """The database did not answer or lost the connection; the batch can be retried."""

    hint = "check the database is up; the batch is retried with backoff"


class ReviewItemNotFound(Text2DbError, Terminal):
    """`text2db review accept|reject ID` named an item that does not exist or is not pending."""

    hint = "list pending items with `text2db review list --db URL`"
