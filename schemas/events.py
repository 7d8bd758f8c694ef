"""Kafka record contracts: documents in, extractions between the stages, dead letters out.

Every record carries `schema`, a versioned name. A consumer accepts only the versions it
knows; anything else is dead-lettered with the reason (never dropped, never a crash).
Records travel as UTF-8 JSON; the Kafka key is the document id so a document's records stay
in one partition and in order.
"""

from __future__ import annotations

import base64
import hashlib
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

DOCUMENT_V1 = "text2db.document.v1"
EXTRACTION_V1 = "text2db.extraction.v1"
DEADLETTER_V1 = "text2db.deadletter.v1"
REPLAY_V1 = "text2db.replay.v1"

Scalar = str | int | float | bool | None


def utcnow() -> datetime:
    return datetime.now(UTC)


def document_id_for(text: str, source: str | None = None) -> str:
    """A stable id for a document, so that publishing the same file twice is idempotent."""
    digest = hashlib.sha256(((source or "") + "\x00" + text).encode("utf-8")).hexdigest()
    return f"doc-{digest[:20]}"


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DocumentEvent(_Record):
    """A document of a job: what the extractor stage reads from `<prefix>.documents`."""

    schema_: Literal["text2db.document.v1"] = Field(DOCUMENT_V1, alias="schema")
    job: str = Field(min_length=1, max_length=200)
    document_id: str = Field(min_length=1, max_length=200)
    text: str
    plan_version: int | None = None  # None: the job's latest plan
    source: dict[str, Scalar] = Field(default_factory=dict)  # e.g. {"path": ..., "title": ...}
    published_at: datetime = Field(default_factory=utcnow)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Evidence(_Record):
    """Where a value comes from: a character span of the document (text[start:end] == quote)."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    quote: str


class Cell(_Record):
    """One extracted value for one column, as written in the text, with its provenance.

    `value` is the surface form (grounded in `evidence`); integrators normalize it to the
    column's format. `tool` is the registered extractor name (e.g. `text2db.spacy_ner.v2`),
    `model` the weights it used, `confidence` in [0, 1].
    """

    column: str
    value: Scalar
    evidence: Evidence | None = None
    confidence: float = Field(ge=0.0, le=1.0)
    tool: str
    model: str | None = None


class CandidateRow(_Record):
    """A row the document supports: its key cells identify it, the other cells fill it."""

    table: str
    key: list[Cell] = Field(min_length=1)
    cells: list[Cell] = Field(default_factory=list)

    @property
    def row_key(self) -> str:
        """The row's identity within a document, used for idempotent writes and lineage."""
        parts = [f"{c.column}={c.value}" for c in sorted(self.key, key=lambda c: c.column)]
        return f"{self.table}:" + "|".join(parts)


class ExtractionStats(_Record):
    """What the extraction cost; summed into metrics and bench run.json."""

    seconds: float = 0.0
    llm_calls: int = 0
    llm_tokens: int = 0
    values_small_model: int = 0
    values_llm: int = 0
    values_ungrounded: int = 0  # LLM values dropped because the document does not support them


class ExtractionEvent(_Record):
    """The extractor stage's output for one document: read from `<prefix>.extractions`."""

    schema_: Literal["text2db.extraction.v1"] = Field(EXTRACTION_V1, alias="schema")
    job: str
    document_id: str
    plan_version: int
    rows: list[CandidateRow] = Field(default_factory=list)
    stats: ExtractionStats = Field(default_factory=ExtractionStats)
    extracted_at: datetime = Field(default_factory=utcnow)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


Stage = Literal["decode", "extract", "integrate", "publish", "route"]


class DeadLetter(_Record):
    """A record that could not be processed, kept whole with the reason so it can be replayed."""

    schema_: Literal["text2db.deadletter.v1"] = Field(DEADLETTER_V1, alias="schema")
    stage: Stage
    error_class: str
    reason: str
    retryable: bool
    attempts: int = Field(ge=1)
    source_topic: str
    partition: int
    offset: int
    key_b64: str | None
    value_b64: str  # the original bytes, base64: they may not be UTF-8 or JSON at all
    job: str | None = None
    document_id: str | None = None
    failed_at: datetime = Field(default_factory=utcnow)
    # The record's first coordinates ("topic/partition/offset") across replays, and the replay
    # that re-sent it: a letter failing again after replay R answers R (see ReplayMarker).
    origin: str | None = None
    after_replay: str | None = None

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @property
    def origin_id(self) -> str:
        """One id per original record, however often it was dead-lettered or replayed."""
        return self.origin or f"{self.source_topic}/{self.partition}/{self.offset}"

    @field_validator("reason")
    @classmethod
    def _short_reason(cls, v: str) -> str:
        return v if len(v) <= 4000 else v[:3997] + "..."

    @staticmethod
    def encode(raw: bytes | None) -> str | None:
        return None if raw is None else base64.b64encode(raw).decode("ascii")

    def original_value(self) -> bytes:
        return base64.b64decode(self.value_b64)

    def original_key(self) -> bytes | None:
        return None if self.key_b64 is None else base64.b64decode(self.key_b64)


class ReplayMarker(_Record):
    """Written to the dead-letter topic when `dlq replay` re-sends a letter's record: until a
    letter answers this replay (fails again), the record is in flight and not replayed twice."""

    schema_: Literal["text2db.replay.v1"] = Field(REPLAY_V1, alias="schema")
    origin: str
    replay_id: str
    replayed_at: datetime = Field(default_factory=utcnow)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def dump(record: BaseModel) -> bytes:
    """Serialize a record for Kafka (by alias, so the field is called `schema` on the wire)."""
    return record.model_dump_json(by_alias=True).encode("utf-8")


def as_dict(record: BaseModel) -> dict[str, Any]:
    return record.model_dump(mode="json", by_alias=True)
