"""Per request (entity x column): the small model when it covers the request and its confidence
clears the threshold, else the LLM within the document's budget, else the small model's best guess.

When the small model has candidates in the gray zone, the LLM only chooses among them (or none):
a few output tokens instead of a written answer, which is what keeps a routed document near the
small model's speed. Only cells with no candidate at all (llm_for_missing) let the LLM write.

Every cell records the tool, model and confidence that produced it; ExtractionStats counts the
values each side served and what the LLM cost.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from text2db.config import Settings
from text2db.extractors import grounding, registry
from text2db.extractors.configuration import ExtractorConfig
from text2db.extractors.entities import Entity, Parsed
from text2db.extractors.exceptions import ExtractorError
from text2db.extractors.llm import ChoiceRequest, LLMAnswer, LLMRequest, ask, choose
from text2db.extractors.spans import Candidate
from text2db.extractors.textspans import Span
from text2db.schemas.events import Cell, Evidence


@dataclass
class Request:
    entity: Entity
    column: str
    question: str
    best: Candidate | None = None
    options: list[Candidate] = field(default_factory=list)  # distinct candidate values, best first
    cell: Cell | None = None  # a small-model cell already decided (classification, fine-tuned span model)
    context: str = ""  # what the LLM was shown, kept for distillation labels
    silent: bool = False  # no small value, and the document has none of the column's words

    @property
    def check_key(self) -> str:
        """The column the student measures this request's agreement under: a silent request (the
        document never writes the column's words) is measured apart, since "not stated" is then
        usually right, while a miss where the words are written says the reader needs the LLM."""
        return f"{self.column}{SILENT}" if self.silent else self.column


SILENT = " (not written)"  # suffix of the student's agreement key for silent requests


@dataclass
class Budget:
    calls: int
    tokens: int
    seconds: float
    used_calls: int = 0
    used_tokens: int = 0
    started: float = field(default_factory=time.monotonic)

    def remaining(self) -> float:
        """Seconds left of the document's budget: the cap of the next call's timeout, so one slow
        call cannot outlast the budget (a 60 s call timeout used to make a 30 s budget 60 s)."""
        return self.seconds - (time.monotonic() - self.started)

    def allows(self) -> bool:
        return self.used_calls < self.calls and self.used_tokens < self.tokens and self.remaining() > 0


@dataclass
class RouteResult:
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)
    llm_calls: int = 0
    llm_tokens: int = 0
    rejected: list[str] = field(default_factory=list)


class Router:
    def __init__(self, settings: Settings, config: ExtractorConfig) -> None:
        self.settings, self.config = settings, config

    def small_cell(self, text: str, cand: Candidate) -> Cell:
        tool = registry.PLAN_READER if cand.rule == "plan_reader" else registry.SPAN_RULES
        value = cand.value.text  # a label the reader matched is written as the label, its span is the evidence
        return Cell(column=cand.column, value=value, evidence=grounding.evidence(text, cand.value.start, cand.value.end),
                    confidence=cand.confidence, tool=tool.name, model=tool.model)

    def route(self, parsed: Parsed, requests: list[Request], started: float | None = None) -> RouteResult:
        """Decide every request; `started` (monotonic) is when the document's LLM budget began."""
        text, result, to_llm = parsed.text, RouteResult(), []
        for req in requests:
            key = (req.entity.name, req.column)
            if req.cell is not None:
                result.cells[key] = req.cell
            elif req.best is not None and req.best.confidence >= self.config.accept_threshold:
                result.cells[key] = self.small_cell(text, req.best)
            elif self._llm_wanted(req):
                to_llm.append(req)
            elif req.best is not None:
                result.cells[key] = self.small_cell(text, req.best)
        if to_llm:
            self._ask_llm(parsed, to_llm, result, time.monotonic() if started is None else started)
        return result

    def _llm_wanted(self, req: Request) -> bool:
        if not self.settings.llm_base_url or self.config.llm_mode == "rows":
            return False
        if req.best is not None:
            return req.best.verifiable and req.best.confidence >= self.config.llm_gray_floor
        return self.config.llm_for_missing and req.entity.main

    def _ask_llm(self, parsed: Parsed, reqs: list[Request], result: RouteResult, started: float) -> None:
        budget = Budget(self.config.llm_calls_per_document, self.config.llm_tokens_per_document,
                        self.config.llm_seconds_per_document, started=started)
        by_entity: dict[str, list[Request]] = {}
        for req in sorted(reqs, key=lambda r: (not r.entity.main, r.entity.first.start)):
            by_entity.setdefault(req.entity.name, []).append(req)
        for group in by_entity.values():
            choices = [r for r in group if r.options]
            if choices:
                picked = self._call(parsed, choices, budget, result, as_choice=True) if budget.allows() else None
                for req in choices:
                    self._settle_choice(parsed.text, req, picked, result)
            writes = [r for r in group if not r.options]
            if writes:
                answer = self._call(parsed, writes, budget, result, as_choice=False) if budget.allows() else None
                for req in writes:
                    if (cell := self._llm_cell(parsed.text, req, answer.get(req.column) if answer else None, result)) is not None:
                        result.cells[(req.entity.name, req.column)] = cell

    def _settle_choice(self, text: str, req: Request, picked: dict[str, str | None] | None, result: RouteResult) -> None:
        """The LLM's pick becomes the cell; its explicit 'none' drops the guess; no usable answer keeps the guess."""
        key = (req.entity.name, req.column)
        if picked is None or req.column not in picked:
            if req.best is not None:
                result.cells[key] = self.small_cell(text, req.best)
            return
        chosen = next((c for c in req.options if c.value.text == picked[req.column]), None)
        if chosen is None:
            result.rejected.append(f"{req.column}: llm chose none of the candidates")
            return
        confidence = min(0.99, max(0.85, chosen.confidence + 0.05)) if chosen is req.best else 0.75
        result.cells[key] = self._answered(req, grounding.evidence(text, chosen.value.start, chosen.value.end), confidence)

    def _answered(self, req: Request, ev: Evidence, confidence: float) -> Cell:
        """A grounded LLM answer as a cell; it is also logged as a distillation label."""
        if self.config.record_llm_labels:
            self._record(req, ev.quote)
        return Cell(column=req.column, value=ev.quote, evidence=ev, confidence=confidence, tool=registry.LLM.name,
                    model=self.settings.llm_model)

    def _record(self, req: Request, value: str) -> None:
        from text2db.extractors.span_model import question_for
        from text2db.extractors.train import record_llm_label

        if req.context:
            try:
                record_llm_label(self.settings, question_for(req.question, req.entity.name), req.context, value)
            except OSError:
                pass  # labels are a by-product; a read-only home must not fail extraction

    def _call(self, parsed: Parsed, group: list[Request], budget: Budget, result: RouteResult, *, as_choice: bool) -> dict[str, str | None] | None:
        ent = group[0].entity
        if as_choice:
            spans = [o.value for r in group for o in r.options]
            context = choice_context(parsed, ent, spans, self.config.llm_context_chars)
            request: ChoiceRequest | LLMRequest = ChoiceRequest(
                ent.name, ent.kind, {r.column: (r.question, [o.value.text for o in r.options]) for r in group}, context)
        else:
            context = context_for(parsed, ent, self.config.llm_context_chars)
            request = LLMRequest(ent.name, ent.kind, {r.column: r.question for r in group}, context)
        for r in group:
            r.context = context
        for _attempt in range(1 + self.config.llm_retries):
            try:
                budget.used_calls += 1
                result.llm_calls += 1
                answer = self._send(request, budget.remaining())
            except ExtractorError as exc:
                result.rejected.append(f"llm: {type(exc).__name__}")
                if not getattr(exc, "retryable", False) or not budget.allows():
                    return None
                continue
            budget.used_tokens += answer.tokens
            result.llm_tokens += answer.tokens
            return answer.values
        return None

    def _send(self, request: ChoiceRequest | LLMRequest, remaining_s: float) -> LLMAnswer:
        s = self.settings
        timeout = max(0.1, min(s.llm_timeout_s, remaining_s))
        if isinstance(request, ChoiceRequest):
            return choose(request, base_url=s.llm_base_url or "", model=s.llm_model, api_key=s.llm_api_key, timeout=timeout)
        return ask(request, base_url=s.llm_base_url or "", model=s.llm_model, api_key=s.llm_api_key,
                   timeout=timeout, max_tokens=self.config.llm_max_output_tokens)

    def _llm_cell(self, text: str, req: Request, value: str | None, result: RouteResult) -> Cell | None:
        if value is None:
            return None
        ev = grounding.locate(text, value, near=req.entity.first.start)
        if ev is None or not grounding.numbers_agree(value, ev.quote):
            result.rejected.append(f"{req.column}: llm value not in document")
            return None
        return self._answered(req, ev, 0.7)


def context_for(parsed: Parsed, entity: Entity, limit: int) -> str:
    """The sentences that mention the entity (and its segment's opening), within `limit` characters."""
    sents = [(a, b) for a, b, seg in parsed.sentences() if seg == entity.segment]
    chosen = [s for i, s in enumerate(sents) if i == 0 or any(s[0] <= m.start < s[1] for m in entity.mentions)]
    chosen += [s for s in sents if s not in chosen]
    out, size = [], 0
    for a, b in sorted(chosen[: max(1, len(chosen))], key=lambda s: chosen.index(s)):
        piece = parsed.text[a:b].strip()
        if size + len(piece) > limit:
            break
        out.append((a, piece))
        size += len(piece) + 1
    return " ".join(p for _, p in sorted(out))


def choice_context(parsed: Parsed, entity: Entity, spans: list[Span], limit: int) -> str:
    """The entity's first sentence and the sentences holding the candidate spans, in text order."""
    sents = [(a, b) for a, b, _seg in parsed.sentences()]
    wanted = [entity.first.start] + [sp.start for sp in spans]
    chosen = []
    for pos in wanted:
        sent = next(((a, b) for a, b in sents if a <= pos < b), None)
        if sent is not None and sent not in chosen:
            chosen.append(sent)
    out, size = [], 0
    for a, b in chosen:
        piece = parsed.text[a:b].strip()
        if out and size + len(piece) > limit:
            continue
        out.append((a, piece[: max(0, limit - size)] if not out else piece))
        size += len(piece) + 1
    return " ".join(p for _, p in sorted(out))
