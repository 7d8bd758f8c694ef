"""Errors of the planner area: each says whether retrying can help and what to do next."""

from __future__ import annotations

from text2db.errors import Terminal, Text2DbError, Transient


class ObservationFailed(Text2DbError, Transient):
    """The target database could not be read (down, wrong URL, no permission)."""

    hint = "check --db / TEXT2DB_DB_URL and that the database is running"


class PlanningFailed(Text2DbError, Terminal):
    """The instruction could not be turned into a plan for this database."""

    hint = "name the table and its columns in the instruction, e.g. 'fill in the missing birth date of the person table'"


class PlanRejected(Text2DbError, Terminal):
    """Every plan the planners proposed failed the analyzer's static checks; nothing runs."""

    hint = "read the analyzer report above and rephrase the instruction or fix the schema"

    def __init__(self, message: str, *, report: object = None, **context: object) -> None:
        super().__init__(message, **context)
        self.report = report


class LlmPlanningFailed(Text2DbError, Transient):
    """The LLM endpoint failed or returned no usable plan (the rule planner takes over)."""

    hint = "check TEXT2DB_LLM_BASE_URL and that the LLM server is running"


class LlmPlanInvalid(Text2DbError, Terminal):
    """The LLM answered, but its plan does not parse or names what does not exist; the message
    goes back to it as feedback, then the rule planner takes over."""
