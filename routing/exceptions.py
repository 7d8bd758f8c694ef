"""Routing errors: a missing job set is the operator's to fix (Terminal); a target database or
LLM that does not answer is retried (Transient)."""

from __future__ import annotations

from text2db.errors import Terminal, Text2DbError, Transient


class NoJobsToRoute(Text2DbError, Terminal):
    """No job has a stored plan, so the router has nothing to choose from."""

    hint = "store a plan first (`text2db plan --db URL --job JOB -i ...`) or set TEXT2DB_ROUTE_JOBS"


class BadJobList(Text2DbError, Terminal):
    """TEXT2DB_ROUTE_JOBS is not a list of job=URL pairs."""

    hint = "write TEXT2DB_ROUTE_JOBS as 'films=sqlite:///films.sqlite,people=postgresql+psycopg://...'"


class MemoryUnavailable(Text2DbError, Transient):
    """A job's target database did not answer while its selection memory was read or written."""

    hint = "check the target database (`text2db doctor`); the batch is retried, nothing is committed"
