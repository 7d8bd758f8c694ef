"""Tool `text2db.span_extractor.v2`: attribute and relation values of an entity by trigger rules.

Each rule is a trigger ("directed by", "born ... in") followed by a value of the expected kind
(date, place, organization, person, country) read from the text right after it; the value is
attributed to the nearest entity mention before the trigger in the same sentence, else to the
segment's main subject (the pronoun case: "He was born in Berthier"). Mention-anchored rules
read lifespans "(9 January 1890 – 21 December 1935)", "(2012)", "(Japan)" and demonyms
("an Indian cricketer"). `predict` is pure: it returns candidates, nothing is written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from text2db.extractors import textspans as ts
from text2db.extractors.entities import HONORIFICS, Entity, Parsed
from text2db.extractors.relations import KINDS, RelationKind
from text2db.integrators.countries import ALIASES, country_name

DEMONYMS = {k for k in ALIASES if " " not in k and "." not in k}
_LIMIT = 80  # characters a value may start after its trigger


def _r(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


# Each kind's triggers and the anchored patterns (roles) that read it are data: relation_priors.json.
TRIGGERS: dict[str, list[tuple[re.Pattern[str], float]]] = {k.name: [(_r(p), w) for p, w in k.triggers] for k in KINDS}
_TITLE_LEAD = re.compile(
    r"(?:(?P<owner>[A-Z][\w&.\-]*(?:\s[A-Z][\w&.\-]*){0,3})\s?['’]s?\s+)?"
    r"(?:(?P<year>1[0-9]{3}|20[0-9]{2})\s+)?(?:[A-Za-z][\w-]*\s+){0,3}"
    r"(?:[A-Za-z]+-)?(?P<noun>film|album|single|song|novel|book|EP|series|movie|play|musical|game|sequel|opera|sitcom|documentary|soundtrack|mixtape)"
    r",?\s*[\"“]?\s*(?:[Tt]he\s+)?$"
)
_POSSESSIVE_LEAD = re.compile(r"(?<![\w.])(?P<owner>[A-Z][\w.\-]*(?:\s[A-Z][\w.\-]*){0,3})\s?['’]s?\s+(?:(?P<year>1[0-9]{3}|20[0-9]{2})\s+)?[\"“]?\s*$")
_PARTY_BEFORE = re.compile(
    r"(?P<party>(?:[A-Z][\w'’.\-]*\s){1,4}Party)\s(?:founder|co-founder|leader|candidate|member|politician|chairman|"
    r"chairwoman|president|nominee|deputy|senator|MP|secretary|activist|legislator)\s$"
)
_LABEL_WORD = re.compile(r"\b(?:Records|Recordings|Music|Entertainment|Label|Studios|Pictures|Films)$")
_EVENT_OF = re.compile(
    r"\b(?P<event>creation|introduction|founding|establishment|formation|foundation|inception|launch|birth|death)\s+of\s+"
    r"(?:(?:his|her|their|its)\s+[\w-]+,?\s+)?(?:the\s+)?(?P<lead>\S+\s+)?$"
)
_EVENT_ROLE = {"birth": ("person", "event_birth"), "death": ("person", "event_death")}  # event words, then founding
_FOUNDER_BEFORE = re.compile(r"(?P<person>[A-Z][\w.\-]*(?:\s[A-Z][\w.\-]*){0,3}),\s+(?:the\s+)?(?:co-)?founder\s+of\s+(?:the\s+)?$")
_FOUNDER_AFTER = re.compile(r"\s+(?:co-)?founder\s+(?=[A-Z])")
_PART_TAIL = re.compile(r"\s*(?:,\s*[A-Z][\w .'’-]{0,30})?\s*")


def roles_of(columns: dict[str, RelationKind]) -> dict[str, str]:
    """role -> the planned column whose kind that anchored pattern reads (relation_priors.json)."""
    return {role: column for column, kind in columns.items() for role in kind.roles}


def _opens_sentence(text: str, pos: int, openers: list[int]) -> bool:
    """The mention is its sentence's subject: only capitalized titles come before it."""
    begin = max((a for a in openers if a <= pos), default=0)
    return pos - begin <= 45 and all(w[:1].isupper() for w in text[begin:pos].split())


def _country_word(word: str) -> str | None:
    """The country a word names outright (a country or demonym), not a region inside one."""
    name = country_name(word)
    folded = re.sub(r"^the\s+", "", word.strip().casefold())
    if name and (folded in ALIASES or folded.replace(".", "") in ALIASES or folded == name.casefold() or word.isupper()):
        return name
    return None


@dataclass(frozen=True)
class Candidate:
    entity: str
    column: str
    value: ts.Span
    confidence: float
    rule: str
    verifiable: bool = True  # False: a document-level default the LLM cannot check from a few sentences


def value_at(text: str, pos: int, kind: RelationKind) -> ts.Span | None:
    """Read a value of the relation's kind starting at `pos`, or None when none is there."""
    if kind.value == "date":
        return ts.date_at(text, pos)
    if kind.value in ("person", "agent"):
        span = ts.proper_phrase_at(text, pos, skip_words=4, skip=DEMONYMS | {"the"})
        return span if span and span.text.lower() not in DEMONYMS else None
    span = ts.proper_phrase_at(text, pos, skip_words=1)
    if span is None or ts.DATE.fullmatch(span.text) or re.match(ts.MONTHS + r"\b", span.text):
        return None
    span = ts.named_after_of(text, span) or span  # "born in the Bavarian town of Erlangen": Erlangen
    if kind.value == "country":
        return span if country_name(span.text) else None
    if kind.value == "org" and (owned := re.match(r"['’]s?\s+(?=[A-Z])", text[span.end:span.end + 4])):
        return ts.proper_phrase_at(text, span.end + owned.end()) or span  # "John Martin's Black Sparrow Press"
    return span


class SpanRules:
    """The rule-based span extractor over one parsed document."""

    def __init__(self, parsed: Parsed, entities: list[Entity], table_kind: str) -> None:
        self.parsed, self.entities, self.table_kind = parsed, entities, table_kind
        self.mentions = sorted(((m.start, m.end, e) for e in entities for m in e.mentions), key=lambda t: (t[0], t[1]))
        self.main = {e.segment: e for e in entities if e.main}

    def predict(self, columns: dict[str, RelationKind]) -> list[Candidate]:
        text, out = self.parsed.text, []
        for s_start, s_end, seg in self.parsed.sentences():
            for column, kind in columns.items():
                for pattern, conf in TRIGGERS.get(kind.name, []):
                    for m in pattern.finditer(text, s_start, s_end):
                        value = value_at(text, m.end(), kind)
                        if value is None or value.start - m.end() > _LIMIT or value.end > s_end:
                            continue
                        comma = text.find(",", m.start(), m.end())
                        if comma >= 0 and self.parsed.finite_verb_in(comma, m.end()):
                            continue  # "born on 31 July 1912, received the prize in Economics": another clause's "in"
                        if "never_a_label" in kind.roles and _LABEL_WORD.search(value.text):
                            continue  # "released by Polar Music": a label, not who performs
                        owner, factor = self._owner(m.start(), s_start, seg, value)
                        if owner is not None:
                            out.append(Candidate(owner.name, column, value, round(conf * factor, 3), pattern.pattern[:40]))
        out += self._anchored(columns)
        performer = next((c for c, k in columns.items() if "segment_default" in k.roles), None)
        if self.table_kind == "work" and performer:
            out += self._segment_performer(out, performer)
        return out

    def _owner(self, pos: int, s_start: int, seg: int, value: ts.Span) -> tuple[Entity | None, float]:
        before = [(a, e) for a, b, e in self.mentions if s_start <= a and b <= pos and not (a <= value.start < b)]
        if before:
            a, e = before[-1]
            return e, 1.0 if pos - a < 120 else 0.85
        main = self.main.get(seg)
        if main is None or main.name == value.text:
            return None, 0.0
        if self._someone_else_does(pos, set(main.name.split())):
            return None, 0.0
        return main, 0.9

    def _someone_else_does(self, pos: int, own: set[str]) -> bool:
        """Whether the verb at `pos` has a subject that cannot be the main entity: a name not of
        its words ("King Ferdinand died in 1927"), or a plural ("his predecessors were born in")."""
        found = self.parsed.token_at(pos)
        if found is None:
            return False
        token = found[1]
        verb = token if token.pos_ in ("VERB", "AUX") else token.head
        for subject in (c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")):
            if subject.pos_ == "PROPN" and not own & {t.text for t in subject.subtree}:
                return True
            if subject.tag_ in ("NNS", "NNPS") or subject.lower_ in ("both", "all"):
                return True
        return False

    def _anchored(self, columns: dict[str, RelationKind]) -> list[Candidate]:
        text, out = self.parsed.text, []
        wanted = roles_of(columns)
        openers = sorted(a for a, _, _ in self.parsed.sentences())
        demonym = f"demonym_{self.table_kind}"  # the kind a nationality word fills for this table's entities
        for start, end, ent in self.mentions:
            paren = re.match(r"\s*[\"”]?\s*(?:,\s*[^,()]{1,40}?\s*)?\(([^()]{1,160})\)", text[end:end + 220])
            if paren and (ent.main or _opens_sentence(text, start, openers) or paren.group(0).lstrip(" \"”")[:1] == "("):
                out += self._parenthetical(ent, end + paren.start(1), end + paren.end(1), wanted)
            if self.table_kind == "work":
                out += self._before_title(ent, start, wanted)
            out += self._event_of(ent, start, end, wanted)
            if self.table_kind == "organization" and "founder_around_name" in wanted:
                out += self._founder_around(ent, start, end, wanted["founder_around_name"])
            if self.table_kind == "person" and "party_before_name" in wanted:
                out += self._party_before(ent, start, wanted["party_before_name"])
            if demonym in wanted:
                for span in self._demonyms_before(start):
                    out.append(Candidate(ent.name, wanted[demonym], span, 0.45, "demonym-before"))
        if demonym in wanted:
            out += self._document_country(wanted[demonym])
        if self.table_kind == "organization" and "org_country" in wanted:
            out += self._sentence_country(wanted["org_country"])
        if "label_in_document" in wanted:
            out += self._document_label(wanted["label_in_document"])
        for seg, ent in self.main.items():
            year = self._predicate_year(ent) if self.table_kind == "work" and "title_year" in wanted else None
            if year:
                out.append(Candidate(ent.name, wanted["title_year"], year, 0.8, "defining-year"))
            if demonym in wanted:
                for span in self._predicate_demonyms(ent):
                    out.append(Candidate(ent.name, wanted[demonym], span, 0.8, "defining-demonym"))
        return out

    def _parenthetical(self, ent: Entity, a: int, b: int, wanted: dict[str, str]) -> list[Candidate]:
        text, out = self.parsed.text, []
        inner = text[a:b]
        dates = ts.dates_in(text, a, b)
        ranged = re.search(r"[–-]", inner) is not None and len(dates) >= 2
        if self.table_kind == "person" and dates:
            out += self._lifespan(ent, a, b, wanted)
        elif self.table_kind == "work" and "title_year" in wanted and len(dates) == 1 and re.fullmatch(r"\s*\S+\s*", inner):
            out.append(Candidate(ent.name, wanted["title_year"], dates[0], 0.8, "title-year"))
        elif self.table_kind == "organization" and "org_country" in wanted:
            span = ts.proper_phrase_at(text, a)
            if span and span.end <= b and country_name(span.text):
                out.append(Candidate(ent.name, wanted["org_country"], span, 0.75, "org-country"))
        return out

    def _document_country(self, column: str) -> list[Candidate]:
        """The country a segment is about (its most frequent country word), a weak default for
        every entity of the segment: Wikipedia-style texts rarely restate it per entity."""
        text, out = self.parsed.text, []
        by_segment: dict[int, list[tuple[ts.Span, str]]] = {}
        for a, b, label in self.parsed.ents():
            if label in ("GPE", "NORP") and (name := _country_word(text[a:b])):
                seg = max(i for i, s in enumerate(self.parsed.segment_starts) if s <= a)
                by_segment.setdefault(seg, []).append((ts.Span(a, b, text[a:b]), name))
        for ent in self.entities:
            found = by_segment.get(ent.segment, []) if ent.confidence >= 0.6 else []
            if not found:
                continue
            counts: dict[str, int] = {}
            for _, name in found:
                counts[name] = counts.get(name, 0) + 1
            top = max(counts, key=lambda n: counts[n])
            share = counts[top] / len(found)
            near = min((sp for sp, name in found if name == top), key=lambda sp: abs(sp.start - ent.first.start))
            out.append(Candidate(ent.name, column, near, round(0.4 + 0.2 * share, 3), "document-country", verifiable=False))
        return out

    def _sentence_country(self, column: str) -> list[Candidate]:
        """An organization's own name ("US Army") or its sentence ("moved to the DEL in Germany") names
        its country: a better guess than the segment's most frequent country."""
        text, out = self.parsed.text, []
        for ent in self.entities:
            first = re.match(r"[A-Z][\w.]*", ent.name)
            if first and ent.confidence >= 0.6 and _country_word(first.group(0)) and first.group(0) != ent.name:
                m = ent.first
                out.append(Candidate(ent.name, column, ts.Span(m.start, m.start + len(first.group(0)), first.group(0)), 0.7, "name-country"))
        return out

    def _lifespan(self, ent: Entity, a: int, b: int, wanted: dict[str, str]) -> list[Candidate]:
        """'(born 5 August 1997, Durg)', '(18 December 1931 in Mladá Boleslav – 10 November 1991 in Prague)',
        '(1782 Havana, Cuba – 15 August 1836 Madrid)',
        '(Nîmes, 2 June 1663 — Voorburg, May 1719)', '(1797-1841)'."""
        text, out = self.parsed.text, []
        inner = text[a:b]
        born = re.search(r"\b(?:born|b\.)\s", inner)
        if born:
            parts = [(a + born.end(), b)]
        else:
            cut = re.search(r"\s[–—-]\s|[–—]|(?<=\d)-(?=\d)", inner)
            if cut is None or re.match(r"\s*(?:died|d\.)", inner):
                return out
            parts = [(a, a + cut.start()), (a + cut.end(), b)]
        for (p_start, p_end), date_col, place_col in zip(parts, ("lifespan_start", "lifespan_end"),
                                                          ("lifespan_start_place", "lifespan_end_place"), strict=False):
            dates = ts.dates_in(text, p_start, p_end)
            if not dates:
                continue
            date = dates[-1] if not born else dates[0]
            if date_col in wanted:
                out.append(Candidate(ent.name, wanted[date_col], date, 0.9, "lifespan"))
            if place_col not in wanted:
                continue
            lead = re.match(r",?\s*(?:in\s+)?", text[date.end:p_end])
            place = ts.proper_phrase_at(text, date.end + lead.end()) if lead and lead.group(0) else None
            if place is not None and not lead.group(0).strip() and not _PART_TAIL.fullmatch(text[place.end:p_end]):
                place = None  # "(1782 Havana, Cuba – ...)": a bare space needs the place to close the part
            if place is None or place.end > p_end:
                place = ts.proper_phrase_at(text, p_start + len(text[p_start:p_end]) - len(text[p_start:p_end].lstrip(" ;,")))
                place = place if place and place.end <= date.start and text[place.end:date.start].strip() == "," else None
            if place is not None and place.end <= p_end and not ts.DATE.match(place.text):
                out.append(Candidate(ent.name, wanted[place_col], place, 0.75, "lifespan-place"))
        return out

    def _before_title(self, ent: Entity, start: int, wanted: dict[str, str]) -> list[Candidate]:
        """'the 1990 film The Hunt for Red October', "Aguilera's 2002 single Beautiful"."""
        text, out = self.parsed.text, []
        window_start = max(0, start - 80)
        m = _TITLE_LEAD.search(text[window_start:start])
        if m is None:
            return self._possessive_title(ent, start, wanted)
        out += _lead_year(ent, m, window_start, wanted, 0.75, "year-noun-title")
        noun = m.group("noun").lower()
        role = ("owner_of_writing" if noun in ("novel", "book", "play")
                else "owner_of_recording" if noun not in ("film", "movie") else None)
        if m.group("owner") and role in wanted:
            owner = ts.proper_phrase_at(text, window_start + m.start("owner"))
            if owner and not country_name(owner.text):
                out.append(Candidate(ent.name, wanted[role], owner, 0.65, "possessive-title"))
        return out

    def _possessive_title(self, ent: Entity, start: int, wanted: dict[str, str]) -> list[Candidate]:
        """"William Kennedy's Legs (1975)", "Taito's 1986 Arkanoid": a person's work is theirs."""
        text, out = self.parsed.text, []
        window_start = max(0, start - 60)
        m = _POSSESSIVE_LEAD.search(text[window_start:start])
        if m is None:
            return out
        out += _lead_year(ent, m, window_start, wanted, 0.7, "possessive-year")
        role = next((r for r in ("owner_of_writing", "owner_of_recording") if r in wanted), None)
        a, b = window_start + m.start("owner"), window_start + m.end("owner")
        person = any(x < b and a < y and label == "PERSON" for x, y, label in self.parsed.ents())
        owner = ts.proper_phrase_at(text, a)
        if role and person and owner and owner.end <= b and not country_name(owner.text):
            out.append(Candidate(ent.name, wanted[role], owner, 0.65, "possessive-work"))
        return out

    def _segment_performer(self, cands: list[Candidate], column: str) -> list[Candidate]:
        """The performer of a segment's main work ('ABBA Live is an album by ABBA'): a weak default
        for the other works the segment names (its songs), which the text rarely restates."""
        main = {e.name: e.segment for e in self.entities if e.main}
        best: dict[int, Candidate] = {}
        for c in cands:
            if c.column == column and c.entity in main and c.confidence >= 0.7 and c.verifiable:
                seg = main[c.entity]
                if seg not in best or c.confidence > best[seg].confidence:
                    best[seg] = c
        return [Candidate(e.name, column, best[e.segment].value, 0.5, "segment-performer", verifiable=False)
                for e in self.entities if not e.main and e.segment in best and e.name != best[e.segment].value.text]

    def _event_of(self, ent: Entity, start: int, end: int, wanted: dict[str, str]) -> list[Candidate]:
        """'the creation of the Bundesliga in 1963', 'the death of his grand-uncle, King Carol I in 1914'."""
        text = self.parsed.text
        m = _EVENT_OF.search(text[max(0, start - 70):start])
        if m is None:
            return []
        lead = (m.group("lead") or "").strip()
        if lead and not (lead.lower().strip(".") in HONORIFICS or re.fullmatch(r"\d+\.?", lead)):
            return []  # "the creation of Prussian ..." is about another thing
        kind, role = _EVENT_ROLE.get(m.group("event"), ("organization", "event_founding"))
        if kind != self.table_kind or role not in wanted:
            return []
        after = re.match(r"\s+(?:in|on)\s+", text[end:end + 6])
        date = ts.date_at(text, end + after.end()) if after else None
        return [Candidate(ent.name, wanted[role], date, 0.7, "event-of")] if date and date.start - end <= 8 else []

    def _founder_around(self, ent: Entity, start: int, end: int, column: str) -> list[Candidate]:
        """'John Wesley, the founder of Methodism', 'Panameñista Party founder Arnulfo Arias'."""
        text, out = self.parsed.text, []
        before = _FOUNDER_BEFORE.search(text[max(0, start - 70):start])
        if before:
            a = max(0, start - 70) + before.start("person")
            person = ts.proper_phrase_at(text, a)
            if person and person.end <= a + len(before.group("person")):
                out.append(Candidate(ent.name, column, person, 0.7, "founder-of"))
        after = _FOUNDER_AFTER.match(text, end)
        if after and (person := ts.proper_phrase_at(text, after.end())):
            out.append(Candidate(ent.name, column, person, 0.7, "org-founder"))
        return out

    def _party_before(self, ent: Entity, start: int, column: str) -> list[Candidate]:
        """'Democratic Revolutionary Party candidate Martín Torrijos'."""
        text = self.parsed.text
        m = _PARTY_BEFORE.search(text[max(0, start - 80):start])
        if m is None:
            return []
        a = max(0, start - 80) + m.start("party")
        party = re.sub(r"^The\s+", "", m.group("party"))
        a += len(m.group("party")) - len(party)
        return [Candidate(ent.name, column, ts.Span(a, a + len(party), party), 0.7, "party-before")]

    def _document_label(self, column: str) -> list[Candidate]:
        """The record label a segment names ('signed with Epic Records'): a weak default for its
        artists and records, which the text rarely restates per album."""
        text, out, labels = self.parsed.text, [], {}
        for m in re.finditer(r"\b(?:signed|signing)\s+(?:a\s+[a-z -]{0,30})?(?:to|with)\s+|([A-Z][\w&.'-]*(?:\s[A-Z][\w&.'-]*){0,3}\s(?:Records|Recordings))\b", text):
            span = ts.Span(m.start(1), m.end(1), m.group(1)) if m.group(1) else ts.proper_phrase_at(text, m.end())
            if span is not None:
                seg = max(i for i, s in enumerate(self.parsed.segment_starts) if s <= span.start)
                labels.setdefault(seg, span)
        for ent in self.entities:
            span = labels.get(ent.segment)
            if span is not None and span.text != ent.name and ent.confidence >= 0.6:
                out.append(Candidate(ent.name, column, span, 0.5, "document-label", verifiable=False))
        return out

    def _demonyms_before(self, start: int) -> list[ts.Span]:
        """'the British rock band Tears for Fears', 'American singer Christina Aguilera'."""
        text = self.parsed.text
        window = text[max(0, start - 60):start]
        m = re.search(r"\b([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\s+(?:[a-z][\w/-]*\s+|/\s+){1,4}$", window)
        if not m or m.group(1).lower() not in DEMONYMS and not country_name(m.group(1)):
            return []
        first = m.group(1).split("-")[0]
        s = max(0, start - 60) + m.start(1)
        return [ts.Span(s, s + len(first), first)] if country_name(first) else []

    def _predicate_year(self, ent: Entity) -> ts.Span | None:
        """'Clear and Present Danger is a 1994 American spy thriller film'."""
        text, first = self.parsed.text, ent.first
        m = re.match(r"[^.;]{0,60}?\s(?:is|was)\s+(?:an?|the)\s+(?:[\w-]+\s+){0,2}?(1[0-9]{3}|20[0-9]{2})\s+[A-Za-z]", text[first.end:first.end + 160])
        return ts.Span(first.end + m.start(1), first.end + m.end(1), m.group(1)) if m else None

    def _predicate_demonyms(self, ent: Entity) -> list[ts.Span]:
        """The nationality in a defining sentence: 'X is an Indian cricketer'."""
        text = self.parsed.text
        first = ent.first
        sent = next(((a, b) for a, b, _ in self.parsed.sentences() if a <= first.start < b), None)
        if sent is None:
            return []
        cop = re.search(r"\s(?:is|was|are|were)\s+(?:an?|the)\s+", text[first.end:sent[1]])
        if cop is None:
            return []
        pos = first.end + cop.end()
        words = list(re.finditer(r"[\w-]+", text[pos:min(sent[1], pos + 60)]))[:4]
        for w in words:
            token = w.group(0).split("-")[0]
            if token[:1].isupper() and country_name(token):
                return [ts.Span(pos + w.start(), pos + w.start() + len(token), token)]
        return []


def _lead_year(ent: Entity, m: re.Match[str], offset: int, wanted: dict[str, str], confidence: float,
               rule: str) -> list[Candidate]:
    """The year a title's lead names ("the 1990 film X", "Taito's 1986 X") is its release year."""
    if not m.group("year") or "title_year" not in wanted:
        return []
    a = offset + m.start("year")
    return [Candidate(ent.name, wanted["title_year"], ts.Span(a, a + 4, m.group("year")), confidence, rule)]
