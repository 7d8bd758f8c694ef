"""The LLM as the fallback writer, and the teacher of the plan reader.

Called once per document and table when the small models leave something unsure (no main
entity, or a main entity's cell below the accept threshold). Its grounded rows are merged
into the extractor's requests:

- a cell the small model is sure of stays the small model's;
- where the LLM agrees with the small model's best guess, the guess is confirmed;
- where it gives another grounded value, the LLM's value is the cell (tool text2db.llm_rows.v1);
- where it says null, an unsure small guess is dropped (as the chooser's "none of these");
- a row the small models did not find becomes a new entity of the document.

Every grounded answer also teaches the reader (student.py): the words before the value become
cues of its column, and a label's words become that label's paraphrase, so the LLM is needed
less as a job goes on.
"""

from __future__ import annotations

import logging
import re
import time

from rapidfuzz import fuzz

from text2db.config import Settings
from text2db.extractors import docllm, grounding, registry
from text2db.extractors.configuration import ExtractorConfig
from text2db.extractors.entities import Entity, Mention, Parsed, segment_of
from text2db.extractors.exceptions import ExtractorError
from text2db.extractors.reader import other_column_stems, stem, stems
from text2db.extractors.router import Request
from text2db.extractors.student import Student
from text2db.extractors.subject import NAME_JOINERS, KeyShape
from text2db.integrators.countries import names_a_country
from text2db.schemas.events import Cell, Evidence
from text2db.schemas.plan import ColumnPlan, TablePlan

log = logging.getLogger(__name__)
# the words title case leaves lower-case inside a name, beside the name joiners; never "in" or "at"
TITLE_SMALL_WORDS = NAME_JOINERS | {"a", "an", "with", "to", "from", "or", "nor", "into", "over", "under"}
DROP_BELOW = 0.45  # an unsure small guess the LLM calls "not stated" is dropped below this


class RowWriter:
    def __init__(self, settings: Settings, config: ExtractorConfig, student: Student | None = None,
                 job_tables: tuple[TablePlan, ...] = ()) -> None:
        self.settings, self.config = settings, config
        self.student = student
        self.job_tables = job_tables  # described in every prompt (docllm.build_messages)

    def fill(self, parsed: Parsed, table: TablePlan, entities: list[Entity], requests: list[Request],
             usage: dict[str, int], columns: list[str] | None = None, deadline: float | None = None,
             shape: KeyShape | None = None) -> list[Entity]:
        """Ask about `columns` (default: all of the table's) and merge the grounded answer into `requests`.
        `deadline` (monotonic) ends the document's LLM budget: it caps the call's timeout, shared
        by every table of the document; past it the small models' values stand. `shape`: the
        table's existing keys, whose writing decides whether the LLM's longer key is the name."""
        s = self.settings
        text = parsed.text[: self.config.llm_document_chars]
        left = self.config.llm_seconds_per_document if deadline is None else deadline - time.monotonic()
        if left <= 0:
            log.warning("LLM budget of the document spent: table %s keeps the small models' values", table.table)
            return entities
        try:
            usage["calls"] += 1
            answer = docllm.write_rows(docllm.RowsRequest(table, text, columns=tuple(columns or ()), job_tables=self.job_tables), base_url=s.llm_base_url or "", model=s.llm_model,
                                       api_key=s.llm_api_key, timeout=min(s.llm_timeout_s, left))
        except ExtractorError as exc:  # the small models' values stand; the failure is counted, not fatal
            log.warning("LLM row writer failed for table %s: %s", table.table, exc)
            return entities
        usage["tokens"] += answer.tokens
        usage["ungrounded"] += len(answer.ungrounded)
        matched: set[int] = set()
        named = [e for e in entities if e.main and not e.known]  # the subject finder's new rows
        for row in answer.rows:
            ent = _match(entities, row.key, row.key_evidence)
            if self.student is not None and named:
                self.student.agree(table.table, key_check(table), ent is not None and ent.main)
            read = ent is not None  # the small models read this row: its cells are checks of them
            if ent is None:
                ent = self._new_entity(parsed, table, entities, requests, row)
            elif not ent.known and _fuller(row.key, ent.name, shape is not None and shape.lower_tails):  # "1634: The Bavarian Crisis" where a finder saw "Bavarian Crisis"
                ent.name = row.key
                ent.mentions.append(Mention(row.key_evidence.start, row.key_evidence.end, row.key))
            matched.add(id(ent))
            self._merge(parsed, table, ent, row, [r for r in requests if not columns or r.column in columns], read)
        if answer.rows:  # a guessed subject the LLM does not see as a row of this table is dropped
            # (never a row the table already has: its key in the text is evidence no LLM answer outweighs)
            rows_segments = {segment_of(parsed, r.key_evidence.start) for r in answer.rows}
            dropped = {id(e) for e in entities if e.kind == "other" and e.main and not e.known
                       and id(e) not in matched and e.segment in rows_segments}
            requests[:] = [r for r in requests if id(r.entity) not in dropped]
            entities = [e for e in entities if id(e) not in dropped]
        return entities

    def _new_entity(self, parsed: Parsed, table: TablePlan, entities: list[Entity], requests: list[Request],
                    row: docllm.RowAnswer) -> Entity:
        ev = row.key_evidence
        seg = segment_of(parsed, ev.start)
        ent = Entity(row.key, "other", [Mention(ev.start, ev.end, row.key)], main=True, segment=seg, confidence=0.7)
        entities.append(ent)
        for col in table.columns:
            if col.name not in table.key:
                requests.append(Request(ent, col.name, col.question))
        return ent

    def _merge(self, parsed: Parsed, table: TablePlan, ent: Entity, row: docllm.RowAnswer, requests: list[Request],
               read: bool = True) -> None:
        """Merge the LLM's answer for `ent` into its requests. `read`: the small models read this
        row, so each admitted answer is also a held-out check of their value (a row only the LLM
        found says nothing of how well they read a column). A value the checks below refuse (another
        column's label or country, a word that modifies another column's noun) is no answer: it
        neither replaces the small value nor counts against it, else one column's misplaced answers
        keep the student from ever trusting the column it was asked about."""
        accept, text = self.config.accept_threshold, parsed.text
        values = _to_their_columns(parsed, table, row.values)
        for req in requests:
            if req.entity is not ent:
                continue
            small = req.cell.confidence if req.cell is not None else req.best.confidence if req.best is not None else 0.0
            col = table.column(req.column)
            given = values.get(req.column)
            value = None if given is None else _admitted(parsed, table, col, *given)
            if given is not None and value is None:
                continue  # refused: the small models' value stands
            if self.student is not None and read:
                guess = req.cell.value if req.cell is not None else req.best.value.text if req.best is not None else None
                self.student.check(table.table, req.check_key, None if guess is None else str(guess), value)
            if small >= accept:
                continue
            if value is None:  # the LLM says "not stated"
                if small < DROP_BELOW:
                    req.cell, req.best, req.options = None, None, []
                continue
            ev = given[1]
            if self.student is not None:
                self.student.learn(table.table, col, value, text, ev.start, ev.end, other_column_stems(table, col.name))
            if req.best is not None and grounding.fold(req.best.value.text) == grounding.fold(value):
                tool = registry.PLAN_READER if req.best.rule == "plan_reader" else registry.SPAN_RULES
                req.cell = Cell(column=req.column, value=value, evidence=grounding.evidence(text, req.best.value.start, req.best.value.end),
                                confidence=max(accept, req.best.confidence), tool=tool.name, model=tool.model)
                continue
            confidence = 0.8
            if col.labels and not _supported(text, col, value):
                confidence = self.config.llm_label_unsupported
            req.cell = Cell(column=req.column, value=value, evidence=ev, confidence=confidence,
                            tool=registry.LLM_ROWS.name, model=self.settings.llm_model)


def _admitted(parsed: Parsed, table: TablePlan, col: ColumnPlan, value: str, ev: Evidence) -> str | None:
    """The LLM's grounded value as `col`'s cell, or None where it belongs to another column."""
    if value not in (col.labels or []) and grounding.fold(value) in other_labels(table, col.name) \
            and not (col.labels_open and _beside_column_words(parsed.text, col, ev)):
        return None  # "riverside" written as a place's neighbour: it is another column's label
    if _modifies_another_column(parsed, table, col, value, ev):
        return None  # "a low customer rating" for price_range = low
    if _another_columns_country(table, col, value):
        return None  # "located in Tanzania" for mountain_range, beside a country column
    if _describes_another_column(table, col, value):
        return None  # "child friendly establishment" for eat_type, beside family_friendly
    return _name_only(col, value)  # "John Brown & Company shipyard in Clydebank" -> its name


def _to_their_columns(parsed: Parsed, table: TablePlan, values: dict[str, tuple[str, Evidence]]) -> dict[str, tuple[str, Evidence]]:
    """The LLM's values, each moved to the column the text names right before it where the LLM
    left that column empty ("prices are moderate" given as the rating: the price range's)."""
    out = dict(values)
    for column, (value, ev) in values.items():
        target = _cued_column(parsed.text, table, column, ev)
        if target is not None and target not in out:
            out[target] = out.pop(column)
    return out


_LINKING = {"is", "are", "was", "were", "of", "the", "a", "an", "about", "around", "at"}


def _cued_column(text: str, table: TablePlan, column: str, ev: Evidence) -> str | None:
    """The one other column whose name's word is the value's subject or head right before it
    ("prices are | moderate", "a price range of | £20-25"), only linking words between them."""
    words = re.split(r"[.;:!?,]|\band\b|\bbut\b", text[max(0, ev.start - 60):ev.start])[-1].split()
    while words and words[-1].lower() in _LINKING:
        words.pop()
    if not words:
        return None
    cue = stems(words[-1])
    if not cue or cue & stems(column):
        return None
    cued = [c.name for c in table.columns if c.name != column and c.name not in table.key and c.link is None
            and cue & (stems(c.name) - {"name"})]
    return cued[0] if len(cued) == 1 else None


def _match(entities: list[Entity], key: str, where: Evidence | None = None) -> Entity | None:
    """The entity the LLM's row key names: the same name, else a row the table has that is
    written inside the key where the document has it (`where`: "Symphony No. 9 in E minor,
    From the New World" holds the mention "Symphony No. 9" of the row `Symphony No. 9
    (Dvořák)`), else one that holds it or that it holds, a row the table has before a new one
    ("Severn" for "Severn" beside "River Severn")."""
    folded = grounding.fold(key)
    exact = next((e for e in entities if grounding.fold(e.name) == folded), None)
    if exact is not None:
        return exact
    if where is not None:
        inside = [(m.end - m.start, e) for e in entities if e.known for m in e.mentions
                  if where.start <= m.start and m.end <= where.end and len(m.text) > 3]
        if inside:
            return max(inside, key=lambda pair: pair[0])[1]
    overlapping = [e for e in entities if len(grounding.fold(e.name)) > 3
                   and (grounding.fold(e.name) in folded or folded in grounding.fold(e.name))]
    if overlapping:
        return min(overlapping, key=lambda e: (not e.known, abs(len(e.name) - len(key))))
    best = max(entities, key=lambda e: fuzz.ratio(grounding.fold(e.name), folded), default=None)
    return best if best is not None and fuzz.ratio(grounding.fold(best.name), folded) >= 90 else None


def key_check(table: TablePlan) -> str:
    """The name the student keeps the subject finder's agreement with the LLM's row keys under."""
    return "+".join(table.key)


def other_labels(table: TablePlan, column: str) -> set[str]:
    """The label values of the table's other columns, folded."""
    return {grounding.fold(lb) for c in table.columns if c.name != column for lb in (c.labels or [])}


def _fuller(llm_key: str, name: str, lower_tails: bool = False) -> bool:
    """The LLM's key holds the finder's name and more than a leading "the" (which the table's own
    key style decides, in the subject finder). Lower-case words it adds make a description ("The
    Mill coffee shop"), unless the table's keys are common-noun phrases (`lower_tails`: "Beef"
    where the LLM read "Beef kway teow" and the rows say "Bacon sandwich") or they are a title's
    small words (`_title_cased`)."""
    longer, shorter = grounding.fold(llm_key), grounding.fold(name)
    if len(longer) <= len(shorter) or shorter not in longer or longer == f"the {shorter}":
        return False
    at = longer.index(shorter)
    extra = (llm_key[:at] + " " + llm_key[at + len(shorter):]).split()
    if lower_tails and llm_key.startswith(name) or all(not w[:1].islower() for w in extra):  # "1634: The ..." is a name
        return True
    return _title_cased(llm_key)


def _title_cased(name: str) -> bool:
    """The name is written as title case writes a title: its small words lower-case, the rest
    capitalized, first and last word too ("Girl with a Pearl Earring" where the finder saw "Girl",
    "Gone with the Wind" where it saw "Wind"). A place after "in" or "at" is another name
    ("Harland and Wolff in Belfast"), as in the subject finder."""
    words = name.split()
    small_words_only = all(w in TITLE_SMALL_WORDS for w in words if w[:1].islower())
    return small_words_only and not words[0][:1].islower() and not words[-1][:1].islower()


def _beside_column_words(text: str, col: ColumnPlan, ev: Evidence) -> bool:
    """The column's own words are written next to the value ("a high price range" for
    price_range = high, though "high" is also a rating's label)."""
    return bool(stems(col.name) & stems(text[max(0, ev.start - 40):ev.end + 40]))


def _modifies_another_column(parsed: Parsed, table: TablePlan, col: ColumnPlan, value: str, ev: Evidence) -> bool:
    """Everywhere the evidence writes the value, a noun of another column's name follows it ("a
    low customer rating", "high customer ratings"): the value is that column's, not `col`'s. A
    preposition there is no such noun ("city centre near X" stays an area), nor is `col`'s own word
    ("riverside area")."""
    if len(value.split()) > 3:
        return False
    own, others = stems(col.name), other_column_stems(table, col.name)
    written = 0
    for piece in parsed.pieces:
        lo, hi = ev.start - piece.offset, ev.end - piece.offset
        for m in re.finditer(rf"(?<!\w){re.escape(value)}(?!\w)", piece.doc.text, re.IGNORECASE):
            if m.start() < lo or m.end() > hi:
                continue
            written += 1
            after = next((t for t in piece.doc if t.idx >= m.end()), None)
            if after is None or after.pos_ not in ("NOUN", "PROPN") or stem(after.text) in own or stem(after.text) not in others:
                return False
    return written > 0


def _describes_another_column(table: TablePlan, col: ColumnPlan, value: str) -> bool:
    """The value's lower-case words hold another column's name word and none of `col`'s own: it
    says what that column says. Capitalised words are a name's ("The Family Table" may be near)."""
    described = stems(" ".join(w for w in value.split() if w[:1].islower()))
    return bool(described & other_column_stems(table, col.name)) and not described & stems(col.name)


def _another_columns_country(table: TablePlan, col: ColumnPlan, value: str) -> bool:
    """A country's name given to a column whose existing values are no countries, while another
    column of the table holds countries: the value is that column's."""
    demos = [d for d in col.demonstrations if d.strip()]
    if col.format.kind == "country" or len(demos) < 3 or not names_a_country(value) or any(map(names_a_country, demos)):
        return False
    return any(c.format.kind == "country" for c in table.columns if c.name != col.name)


def _name_only(col: ColumnPlan, value: str) -> str:
    """A column of names takes the name alone: where every name the column (or a link's parent)
    holds is written in capitals (joiners aside) and has no possessive, the lower-case words the
    LLM wrote after the name describe it ("John Brown & Company shipyard in Clydebank", "Museo del
    Prado in Madrid") and a possessive before it places it ("Rome's Teatro Argentina")."""
    demos = [d for d in col.demonstrations if d.strip()]
    names = col.link is not None or (col.value_type == "text" and not col.labels and len(demos) >= 3)
    if not names or not demos or any(w[:1].islower() and w not in NAME_JOINERS or "'s" in w for d in demos for w in d.split()):
        return value
    words = value.split()
    if len(words) > 1 and re.fullmatch(r"[A-Z][\w-]*['’]s", words[0]):
        words = words[1:]
    end = next((i for i, w in enumerate(words) if w[:1].islower() and w not in NAME_JOINERS), len(words))
    while end > 0 and words[end - 1] in NAME_JOINERS:
        end -= 1
    return " ".join(words[:end]) if end > 0 else value


def _supported(text: str, col: ColumnPlan, label: str) -> bool:
    """A label is supported when the document has its words; a yes/no label, the column's own words."""
    doc = stems(text)
    if {lb.lower() for lb in col.labels or []} <= {"yes", "no", "true", "false"}:
        return bool(stems(col.name) & doc)
    want = stems(label)
    return bool(want) and want <= doc
