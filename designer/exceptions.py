"""Errors of the schema designer: each says whether retrying can help and what to do next."""

from __future__ import annotations

from text2db.errors import Terminal, Text2DbError, Transient


class DesignInvalid(Text2DbError, Terminal):
    """A design failed validation (bad identifier, missing key, foreign key to a non-key,
    NOT NULL foreign-key cycle); `issues` lists every problem found."""

    hint = "rephrase the requirement (name each entity and what identifies it) or fix the design JSON"

    def __init__(self, message: str, *, issues: list[str] | None = None, **context: object) -> None:
        super().__init__(message, **context)
        self.issues = issues or []


class DesignFailed(Text2DbError, Terminal):
    """No designer could draft a schema from the requirement (no entity found)."""

    hint = "describe the entities with 'each X has A, B and C' sentences"


class LlmDesignFailed(Text2DbError, Transient):
    """The LLM endpoint failed or timed out; the rule designer takes over."""

    hint = "check TEXT2DB_LLM_BASE_URL and that the LLM server is running"


class TablesExist(Text2DbError, Terminal):
    """`--apply` found tables of the design already in the target database with other columns."""

    hint = "pass --allow-existing to add the design's missing columns to them, or use an empty database"
