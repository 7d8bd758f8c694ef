"""The seams between stages. Consumers, the bench runner and Airflow tasks drive these; the
extractors and integrators packages implement them. Keeping them as Protocols lets every
driver run a stage in-process or behind Kafka with the same code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from text2db.schemas.events import DocumentEvent, ExtractionEvent
from text2db.schemas.plan import Plan
from text2db.schemas.rows import ApplyReport


class ExtractStage(Protocol):
    """Built once per (plan, process): models are loaded in __init__, not per document."""

    plan: Plan

    def extract(self, document: DocumentEvent) -> ExtractionEvent: ...


class IntegrateStage(Protocol):
    """Applies a batch in ONE database transaction; raises a Transient or Terminal error
    (text2db.errors) and leaves the database unchanged when it fails. Applying the same
    events again changes nothing."""

    plan: Plan

    def apply(self, events: Sequence[ExtractionEvent]) -> ApplyReport: ...
