"""Routing contracts: how well a document fits each job, the decision taken, and the record a
document that fits no job becomes on `<prefix>.unrouted` (with every score, so an operator can
see why and re-publish it once a job for it exists)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from text2db.schemas.events import DocumentEvent, utcnow

UNROUTED_V1 = "text2db.unrouted.v1"
ROUTE_PENDING = "*"  # the job of a document published for routing (`text2db publish --route`)

DecidedBy = Literal["small_models", "llm"]


class JobScore(BaseModel):
    """One job's fit for one document: `score` = semantic + key evidence (see routing/scorer.py)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    job: str
    table: str  # the job's table the document fits best
    score: float
    semantic: float  # similarity with the job's descriptions, rows and accepted documents
    keys: list[str] = Field(default_factory=list)  # existing keys of the job's tables named in the document
    evidence: float = 0.0  # key evidence: 1 per named key held by this job only, 1/n when n jobs hold it
    lead_evidence: float = 0.0  # the same, counting only keys named in the document's lead (what it is about)
    name_evidence: float = 0.0  # the same, counting only multi-word keys (full names; what a second job needs)
    why: str = ""


class RouteDecision(BaseModel):
    """Where one document goes: `chosen` is empty when it fits no job (it goes to unrouted)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    document_id: str
    chosen: list[JobScore] = Field(default_factory=list)
    scores: list[JobScore] = Field(default_factory=list)  # every job, best first
    decided_by: DecidedBy = "small_models"

    @property
    def routed(self) -> bool:
        return bool(self.chosen)


class UnroutedEvent(BaseModel):
    """A document that fits no job, kept whole with the scores: read from `<prefix>.unrouted`."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    schema_: Literal["text2db.unrouted.v1"] = Field(UNROUTED_V1, alias="schema")
    document: DocumentEvent
    scores: list[JobScore]
    reason: str
    routed_at: datetime = Field(default_factory=utcnow)
