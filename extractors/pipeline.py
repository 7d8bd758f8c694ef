"""`build_extractor(plan, settings).extract(document)`: the extractor stage behind ExtractStage.

Per table of the plan: find the entities its rows represent (spaCy NER + rules), propose values
for each planned column (span rules, label classifier), route each request to the small model or
the LLM, ground every cell in the text, and emit one CandidateRow per entity that has a fact.
Models load once per process (module caches in models.py), not per document.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, replace
from pathlib import Path

from sqlalchemy.engine import Engine

from text2db.config import Settings, get_settings
from text2db.extractors import classifier, gazetteer, grounding, registry
from text2db.extractors.configuration import ExtractorConfig
from text2db.extractors.entities import Entity, Mention, Parsed, find_entities, parse, segment_of, table_kind
from text2db.extractors.exceptions import InvalidDocument
from text2db.extractors.relations import RelationKind, resolve
from text2db.extractors import subject as subjects
from text2db.extractors.reader import ColumnView, Reader, stems
from text2db.extractors.rowwriter import RowWriter, key_check
from text2db.extractors.student import Student, load_student, save_student, student_path
from text2db.extractors.router import Request, Router, context_for
from text2db.extractors.span_model import load_accepted, question_for
from text2db.extractors.spans import Candidate, SpanRules
from text2db.schemas.events import CandidateRow, Cell, DocumentEvent, ExtractionEvent, ExtractionStats
from text2db.schemas.plan import ColumnPlan, Plan, TablePlan


MAX_OPTIONS = 3  # candidate values per cell the LLM may choose among


@dataclass(frozen=True)
class TableSetup:
    plan: TablePlan
    kind: str
    relations: dict[str, RelationKind]  # column -> rule kind, for columns the span rules cover
    other: list[ColumnPlan]  # columns no rule covers (classification, unknown relations)


def _setup(table: TablePlan, priors: bool) -> TableSetup:
    """Which columns the optional relation priors cover; every column also gets the plan reader."""
    relations, other = {}, []
    for col in table.columns:
        if col.name in table.key:
            continue
        kind = resolve(col) if priors and col.tool != "classification" else None
        (relations.__setitem__(col.name, kind) if kind else other.append(col))
    return TableSetup(table, table_kind(table) if priors else "other", relations, other)


class Extractor:
    """The extractor stage for one plan; build once per process and reuse for every document."""

    def __init__(self, plan: Plan, settings: Settings, config: ExtractorConfig | None = None, engine: Engine | None = None,
                 students: Path | None = None) -> None:
        self.plan, self.settings = plan, settings
        self.config = config or ExtractorConfig()
        self.tables = [_setup(t, self.config.use_priors) for t in plan.tables]
        self.router = Router(settings, self.config)
        # `students`: the folder where the job's student is kept across restarts (None: in memory only)
        self.student_file = student_path(students, plan.job, plan.version) if students is not None else None
        self.student = load_student(self.student_file) if self.student_file is not None else Student()
        self._saved_updates = 0
        self.row_writer = RowWriter(settings, self.config, self.student, tuple(plan.tables))
        self.gazetteers = {s.plan.table: gazetteer.for_table(engine, s.plan, person=s.kind == "person",
                                                                 create_index=settings.link_indexes)
                           for s in self.tables if engine is not None and s.plan.only_existing_rows}
        self.key_shapes = {t.table: subjects.key_shape(engine, t) for t in plan.tables} if engine is not None else {}

    def extract(self, document: DocumentEvent) -> ExtractionEvent:
        started = time.monotonic()
        if len(document.text.encode("utf-8")) > self.settings.max_document_bytes:
            raise InvalidDocument(f"document {document.document_id} is larger than max_document_bytes", document_id=document.document_id)
        parsed = parse(document.text, self.config.chunk_chars)
        rows, stats = [], {"small": 0, "llm": 0, "calls": 0, "tokens": 0, "ungrounded": 0}
        # children first: a row of a child table is no new row of its parent ("The Lamborghini
        # Miura was built by Lamborghini": the car is an automobile, its maker the company)
        parents = {c.link.table for t in self.plan.tables for c in t.columns if c.link is not None and c.link.table != t.table}
        by_table: dict[str, list[CandidateRow]] = {}
        children = ChildRows()
        for setup in reversed(self.tables):
            table_rows, counts = self._table_rows(parsed, setup, started, children if setup.plan.table in parents else None)
            by_table[setup.plan.table] = table_rows
            children.add(parsed, setup.plan, table_rows)
            for k in stats:
                stats[k] += counts[k]
        rows = [r for setup in self.tables for r in by_table[setup.plan.table]]
        self._keep_student()
        return ExtractionEvent(
            job=document.job, document_id=document.document_id, plan_version=self.plan.version, rows=rows,
            stats=ExtractionStats(seconds=round(time.monotonic() - started, 4), llm_calls=stats["calls"],
                                  llm_tokens=stats["tokens"], values_small_model=stats["small"], values_llm=stats["llm"],
                                  values_ungrounded=stats["ungrounded"]),
        )

    def _keep_student(self) -> None:
        """Save what the LLM taught since the last save (before the extraction is emitted, so a
        crash loses at most a lesson that the replayed document teaches again)."""
        if self.student_file is not None and self.student.updates != self._saved_updates:
            save_student(self.student, self.student_file)
            self._saved_updates = self.student.updates

    def _table_rows(self, parsed: Parsed, setup: TableSetup, started: float,
                    children: "ChildRows | None" = None) -> tuple[list[CandidateRow], dict[str, int]]:
        """`started`: when the document began; its LLM budget covers every table and call.
        `children`: the rows child tables read in this document, for a parent table."""
        entities = find_entities(parsed, setup.kind) if setup.kind != "other" else []
        entities = subjects.add_subjects(parsed, entities, setup.plan, self.key_shapes.get(setup.plan.table),
                                         sole_kind=sum(1 for s in self.tables if s.kind == setup.kind) == 1)
        if setup.plan.table in self.gazetteers:  # the rows to fill exist: find their keys in the text
            entities = gazetteer.merge(parsed, entities, self.gazetteers[setup.plan.table].find(parsed.text), setup.kind,
                                       gazetteer.kind_words(setup.plan.table, setup.plan.entity))
            entities = subjects.rows_to_fill_are_main(entities)
        if children is not None:
            entities = children.parent_rows(parsed, setup.plan.table, entities)
        candidates = SpanRules(parsed, entities, setup.kind).predict(setup.relations) if setup.relations else []
        views = self._views(setup)
        if self.config.plan_reader:
            candidates += self._read(parsed, views, entities)
        requests = self._requests(parsed, setup, entities, candidates)
        mark_silent(parsed, views, requests)
        llm_use = {"calls": 0, "tokens": 0, "ungrounded": 0}
        unsure = self._unsure(setup, entities, requests) if self.settings.llm_base_url and self.config.llm_mode == "rows" else []
        if unsure:
            deadline = started + self.config.llm_seconds_per_document
            entities = self.row_writer.fill(parsed, setup.plan, entities, requests, llm_use, unsure, deadline,
                                            self.key_shapes.get(setup.plan.table))
        self._calibrate(setup.plan.table, requests)
        routed = self.router.route(parsed, requests, started)
        labels = {c.name: c.labels or [] for c in setup.plan.columns}
        rows, counts = [], {"small": 0, "llm": 0, "calls": routed.llm_calls + llm_use["calls"],
                            "tokens": routed.llm_tokens + llm_use["tokens"], "ungrounded": llm_use["ungrounded"]}
        for ent in entities:
            if children is not None and children.is_child_row(ent):
                continue
            cells = [routed.cells[(ent.name, c.name)] for c in setup.plan.columns if (ent.name, c.name) in routed.cells]
            cells, _ = grounding.grounded(parsed.text, cells, labels)
            cells = one_column_per_span(parsed.text, cells)
            if not cells and setup.plan.require_facts and len(setup.plan.columns) > len(setup.plan.key):
                continue
            for cell in cells:
                counts["llm" if cell.tool in LLM_TOOLS else "small"] += 1
            rows.append(CandidateRow(table=setup.plan.table, key=self._key_cells(parsed, setup, ent), cells=cells))
        return rows, counts

    def _requests(self, parsed: Parsed, setup: TableSetup, entities: list[Entity], cands: list[Candidate]) -> list[Request]:
        options: dict[tuple[str, str], list[Candidate]] = {}
        for c in sorted(cands, key=lambda c: -c.confidence):
            same = options.setdefault((c.entity, c.column), [])
            if len(same) < MAX_OPTIONS and all(grounding.fold(o.value.text) != grounding.fold(c.value.text) for o in same):
                same.append(c)
        reqs = []
        for ent in entities:
            for col in setup.plan.columns:
                if col.name in setup.plan.key:
                    continue
                opts = options.get((ent.name, col.name), [])
                cell = None
                if col.tool == "classification" and col.labels and not opts:  # the reader found no label words
                    guess = self._classify(parsed, ent, col)
                    cell = guess if guess.confidence >= self.config.classifier_floor else None
                reqs.append(Request(ent, col.name, col.question, opts[0] if opts else None, [o for o in opts if o.verifiable], cell))
        self._fill_from_trained(parsed, reqs)
        return reqs

    def _unsure(self, setup: TableSetup, entities: list[Entity], requests: list[Request]) -> list[str]:
        """The columns to ask the LLM about: every column when a document has no main entity, or
        names a new one while the subject finder is not yet trusted (its keys are checked like any
        column's values: a wrong key loses the whole row); else those where a main entity's cell
        is below the accept threshold and the column is not trusted."""
        columns = [c.name for c in setup.plan.columns if c.name not in setup.plan.key]
        mains = [e for e in entities if e.main]
        if not mains or (not all(e.known for e in mains) and not self.student.trusted(setup.plan.table, key_check(setup.plan))):
            return columns
        threshold, wanted = self.config.accept_threshold, set()
        for req in requests:
            if not req.entity.main or self.student.trusted(setup.plan.table, req.check_key):
                continue
            confidence = req.cell.confidence if req.cell is not None else req.best.confidence if req.best is not None else 0.0
            if confidence < threshold:
                wanted.add(req.column)
        return [c for c in columns if c in wanted]

    def _calibrate(self, table: str, requests: list[Request]) -> None:
        """A trusted column is not asked: its small value (the reader's guess, perhaps a weak one)
        stands with the confidence its agreement with the LLM measured, not the reader's score."""
        for req in requests:
            if req.cell is None and req.best is not None and req.entity.main:
                earned = self.student.calibrated(table, req.column)
                if earned is not None and earned > req.best.confidence:
                    req.best = replace(req.best, confidence=earned)

    def _views(self, setup: TableSetup) -> list[ColumnView]:
        """What the reader knows of each non-key column now, the student's lessons included."""
        return [ColumnView.of(c, setup.plan.entity, self.learned_cues(setup.plan.table, c.name),
                              self.student.learned_values(setup.plan.table, c.name))
                for c in setup.plan.columns if c.name not in setup.plan.key]

    def _read(self, parsed: Parsed, views: list[ColumnView], entities: list[Entity]) -> list[Candidate]:
        """The plan reader's values for each segment's main entity, over every non-key column."""
        out: list[Candidate] = []
        for ent in entities:
            if ent.main:
                out += Reader(parsed, ent, views, semantic=self.config.reader_semantic).read()
        return out

    def learned_cues(self, table: str, column: str) -> list[str]:
        return self.student.learned_cues(table, column)

    def _fill_from_trained(self, parsed: Parsed, reqs: list[Request]) -> None:
        """The accepted fine-tuned span model answers what the rules left open, if it is confident."""
        if not self.config.use_trained_model:
            return
        model = load_accepted(self.config.trained_model_dir or str(self.settings.home / "models"))
        open_reqs = [r for r in reqs if r.cell is None and (r.best is None or r.best.confidence < self.config.accept_threshold)
                     and (r.entity.main or r.best is not None)]
        if model is None or not open_reqs:
            return
        contexts = {r.entity.name: context_for(parsed, r.entity, 600) for r in open_reqs}
        answers = model.predict([question_for(r.question, r.entity.name) for r in open_reqs], [contexts[r.entity.name] for r in open_reqs])
        tool = registry.SPAN_TRAINED
        for req, ans in zip(open_reqs, answers, strict=True):
            if ans is None or ans.confidence < self.config.accept_threshold:
                continue
            ev = grounding.locate(parsed.text, ans.text, near=req.entity.first.start)
            if ev is not None:
                req.cell = Cell(column=req.column, value=ev.quote, evidence=ev, confidence=ans.confidence, tool=tool.name, model=tool.model)

    def _classify(self, parsed: Parsed, ent: Entity, col: ColumnPlan) -> Cell:
        context = context_for(parsed, ent, 600)
        pred = classifier.predict(context, col.labels or [], col.question)
        first = ent.first
        ev = grounding.locate(parsed.text, context.split(". ")[0][:200], near=first.start) or grounding.evidence(parsed.text, first.start, first.end)
        tool = registry.LABEL_CLASSIFIER
        return Cell(column=col.name, value=pred.label, evidence=ev, confidence=pred.confidence, tool=tool.name, model=tool.model)

    def _key_cells(self, parsed: Parsed, setup: TableSetup, ent: Entity) -> list[Cell]:
        m = next((m for m in ent.mentions if m.text == ent.name), ent.first)
        tool = registry.SPACY_NER
        ev = grounding.evidence(parsed.text, m.start, m.end)
        return [Cell(column=setup.plan.key[0], value=ent.name, evidence=ev, confidence=round(ent.confidence, 3), tool=tool.name, model=tool.model)]


class ChildRows:
    """What child tables read in a document, for their parents: a child's row is no new row of
    its parent ("The Lamborghini Miura was built by Lamborghini": the car is an automobile), and
    where the parent's subject finder took the child's row as its subject, the parent row the
    child links to ("Lamborghini") is the segment's subject instead, so "founded by Ferruccio
    Lamborghini in 1963" is read for the maker."""

    def __init__(self) -> None:
        self.keys: set[str] = set()
        self.links: dict[tuple[str, int], Mention] = {}  # (parent table, segment) -> the first link value there

    def add(self, parsed: Parsed, table: TablePlan, rows: list[CandidateRow]) -> None:
        links = {c.name: c.link.table for c in table.columns if c.link is not None and c.link.table != table.table}
        for row in rows:
            if row.key:
                self.keys.add(grounding.fold(str(row.key[0].value)))
            for cell in row.cells:
                if cell.column in links and cell.evidence is not None and isinstance(cell.value, str):
                    slot = (links[cell.column], segment_of(parsed, cell.evidence.start))
                    self.links.setdefault(slot, Mention(cell.evidence.start, cell.evidence.end, cell.value))

    def is_child_row(self, ent: Entity) -> bool:
        return not ent.known and grounding.fold(ent.name) in self.keys

    def parent_rows(self, parsed: Parsed, table: str, entities: list[Entity]) -> list[Entity]:
        out: list[Entity] = []
        for ent in entities:
            link = self.links.get((table, ent.segment)) if ent.main and self.is_child_row(ent) else None
            if link is None:
                out.append(ent)
                continue
            same = next((e for e in entities if grounding.fold(e.name) == grounding.fold(link.text)), None)
            if same is not None:
                same.main = True
            else:
                written = [Mention(m.start(), m.end(), link.text) for m in re.finditer(rf"(?<!\w){re.escape(link.text)}(?!\w)", parsed.text)
                           if segment_of(parsed, m.start()) == ent.segment and not _inside_longer_name(parsed.text, m.start(), m.end())]
                out.append(Entity(link.text, ent.kind, written or [link], main=True, segment=ent.segment, confidence=ent.confidence))
        return out


def mark_silent(parsed: Parsed, views: list[ColumnView], requests: list[Request]) -> None:
    """Mark the requests the small models left empty where the document writes none of the
    column's words (its cues, its labels, values it is known to hold). The student measures these
    apart: once the LLM has agreed often enough that such a document states nothing for the column,
    it is no longer asked, while the column's misses where its words are written still go to it."""
    written = stems(parsed.text)
    words = {v.name: v.cue_stems | {w for value in (*v.labels, *v.known) for w in stems(value)} for v in views}
    for req in requests:
        req.silent = req.cell is None and req.best is None and not (words.get(req.column, set()) & written)


def _inside_longer_name(text: str, start: int, end: int) -> bool:
    """"Citroen" in "Andre Citroen" or "Citroen 2CV" is part of another name, not a mention."""
    before, after = text[max(0, start - 30):start].split(), text[end:end + 30].split()
    return bool(before and text[start - 1:start] == " " and before[-1][:1].isupper() and before[-1][-1:].isalnum()
                or after and text[end:end + 1] == " " and (after[0][:1].isupper() or after[0][:1].isdigit()))


def build_extractor(plan: Plan, settings: Settings | None = None, engine: Engine | None = None,
                    keep_student: bool = False) -> Extractor:
    """The ExtractStage for `plan` (schemas/stages.py). With the target `engine`, tables that only
    fill existing rows look for those rows' keys in every document (gazetteer.py). `keep_student`
    (long-running consumers) keeps what the LLM taught in <home>/students across restarts."""
    settings = settings or get_settings()
    return Extractor(plan, settings, engine=engine, students=settings.home / "students" if keep_student else None)


LLM_TOOLS = (registry.LLM.name, registry.LLM_ROWS.name)  # the tools whose cells an LLM wrote
CUE_WINDOW = 50  # characters either side of a value read as its cue words


def one_column_per_span(text: str, cells: list[Cell]) -> list[Cell]:
    """A span of the text is the value of one column of a row. The LLM copies a value into
    similar columns ('Frangipane is an ingredient of ...' as `ingredient` and `main_ingredients`;
    'a runway length of 1,121 metres' as `runway_length_m` and `elevation_m`): where an LLM cell
    repeats another cell's value from the same span, the column whose name's words are most
    present around the span keeps it (the larger share of its words; then the surer cell)."""
    dropped: set[int] = set()
    for i, a in enumerate(cells):
        for j in range(i + 1, len(cells)):
            b = cells[j]
            if i in dropped or j in dropped or (a.tool not in LLM_TOOLS and b.tool not in LLM_TOOLS):
                continue
            same_span = a.evidence.start < b.evidence.end and b.evidence.start < a.evidence.end
            # both values must be their spans: a label's evidence is a sentence two yes/no columns may share
            if not (same_span and _is_span(a) and _is_span(b)) or grounding.fold(str(a.value)) != grounding.fold(str(b.value)):
                continue
            around = stems(text[max(0, a.evidence.start - CUE_WINDOW):a.evidence.end + CUE_WINDOW])
            dropped.add(j if _cue_fit(a, around) >= _cue_fit(b, around) else i)
    return [c for k, c in enumerate(cells) if k not in dropped]


def _cue_fit(cell: Cell, around: set[str]) -> tuple[float, float]:
    """The share of the cell's column words found `around` its span, then its confidence."""
    words = stems(cell.column)
    return (len(words & around) / len(words) if words else 0.0, cell.confidence)


def _is_span(cell: Cell) -> bool:
    """The cell's value is its evidence, as written: a span, not a label read from a sentence."""
    return grounding.fold(cell.evidence.quote) == grounding.fold(str(cell.value))
