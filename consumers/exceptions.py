"""Errors of the Kafka side: transport faults are Transient, user mistakes Terminal."""

from __future__ import annotations

from text2db.errors import Terminal, Text2DbError, Transient


class DeliveryFailed(Text2DbError, Transient):
    """A produce was not acknowledged by all replicas: the batch's offsets stay uncommitted."""

    hint = "check the broker (`text2db doctor`); the batch is redelivered, writes are idempotent"


class StageBlocked(Text2DbError, Transient):
    """A dependency (database, broker, LLM) is away: the stage pauses instead of dead-lettering.

    `durable` records at the head of the batch already have durable output: the loop commits
    those, rewinds the rest and backs off until the dependency answers again."""

    hint = "the stage resumes by itself when the dependency answers; see text2db_stage_paused"

    def __init__(self, message: str, *, durable: int = 0) -> None:
        super().__init__(message, durable=durable)
        self.durable = durable


class NothingToPublish(Text2DbError, Terminal):
    """The paths given to `text2db publish` hold no readable document."""

    hint = "pass .txt/.md/.json/.jsonl files, a folder of them, or `-` with JSONL on stdin"


class BadInput(Text2DbError, Terminal):
    """A document file or JSONL line that cannot become a DocumentEvent."""

    hint = 'a JSONL line needs at least {"text": ...}; files must be UTF-8'
