"""Tool `text2db.spacy_ner.v2`: the entities a table's rows represent, found in a document.

spaCy's small NER misses name parts and most titles, so its mentions are widened to the whole
capitalized name, titles in quotes or after a work noun ("the album Lotus") are added, and each
segment's main subject (the noun phrase before the first "is/was") is typed by its predicate
noun ("... is an American film" -> work). Mentions are grouped into entities by name parts
("Angell" joins "Henrik August Angell"); the canonical name is the longest form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from text2db.extractors import textspans as ts
from text2db.extractors.models import spacy_pipeline
from text2db.schemas.plan import TablePlan

WORK_NOUNS = set(
    "album song single film movie novel book series show game videogame opera play poem ep soundtrack musical "
    "sitcom documentary episode composition symphony painting comic manga anime story record mixtape programme "
    "program miniseries drama serial novella anthology collection compilation sequel franchise hymn ballad "
    "track anthem cartoon sculpture".split()
)
ORG_NOUNS = set(
    "company corporation band group party organization organisation club team league university college school "
    "airline agency association federation union label network church bank firm institute council ministry "
    "department army navy brand manufacturer publisher studio society foundation station newspaper channel "
    "orchestra choir duo trio quartet ensemble conglomerate retailer subsidiary academy denomination movement "
    "parliament committee commission court service corps regiment division business chain enterprise "
    "broadcaster operator developer airport hospital museum library magazine".split()
)
KIND_LABELS = {"person": {"PERSON"}, "organization": {"ORG"}, "work": {"WORK_OF_ART", "PRODUCT"}, "place": {"GPE", "LOC", "FAC"}}
LABEL_KIND = {label: kind for kind, labels in KIND_LABELS.items() for label in labels}
HONORIFICS = set(
    "sir lord lady dame dr mr mrs ms miss king queen prince princess saint st general colonel captain major president "
    "prime minister duke duchess emperor empress pope senator governor chancellor archbishop bishop cardinal judge "
    "justice professor prof mayor count countess baron baroness earl marquis sultan tsar czar chief admiral sheikh "
    "lieutenant sergeant reverend rev father brother sister maestro coach chairman ceo secretary ambassador "
    "advisor adviser minister commander marshal representative congressman congresswoman councillor deputy".split()
)
FUNCTION_WORDS = set(
    "The In On At By A An After Before When While During Since From With For Of And But His Her Its Their This That "
    "These Those As Under Following According Although Despite Both Neither Then Later Early".split()
)
_PLACE_BEFORE = re.compile(r"\b(?:in|at|near)\s+$")
_IN_PLACE = re.compile(r"\b(?:in|near)\s+$")
_CLAUSE_WORDS = ("where", "which", "who", "whose", "whom", "when")
_CLAUSE_WORD = re.compile(rf"(?:^|[\s,])(?:{'|'.join(_CLAUSE_WORDS)})\s")
# words that join a clause or a phrase to what comes before: lower-case words before a name that
# hold one are no description of it
_JOINING_WORDS = frozenset(_CLAUSE_WORDS) | frozenset(
    "while whereas as since because although though if unless until after before of in on at by for with from to "
    "and or but".split())
_COPULA = re.compile(r"\s(?:is|was|are|were|has been|had been|refers to)\s")
_QUOTED = re.compile(r"[\"“]\s?([^\"“”\n]{1,80}?)\s?[\"”]")
_AFTER_WORK_NOUN = re.compile(r"\b(?:album|single|song|film|novel|book|EP|series|opera|play|game|musical|poem|strip|epic|sequel|"
                              r"documentary|sitcom|soundtrack|mixtape|anthology|collection|symphony|painting)s?,?\s+(?=[\"“A-Z])")
_TITLE_YEAR = re.compile(r"((?:[A-Z][\w'’&.\-]*\s?){1,6})\s?[\"”]?\s\((?:1[0-9]{3}|20[0-9]{2})\)")
_PERSON_CUE = re.compile(
    r"\b(?:married to|(?:son|daughter|wife|husband|brother|sister|father|mother|widow) of|(?:singer|songwriter|singer-songwriter|"
    r"actor|actress|writer|author|novelist|poet|painter|director|producer|politician|player|musician|composer|rapper|"
    r"journalist|seismologist|scientist|footballer|cricketer|artist|guitarist|drummer|bassist|vocalist|pianist|"
    r"violinist|cellist|conductor|lawyer|professor|president|minister|king|queen|general|emperor)s?)\s+"
)
PRONOUNS = {"he", "she", "it", "they", "his", "her", "its", "their", "i", "we", "you"}


@dataclass
class Mention:
    start: int
    end: int
    text: str


@dataclass
class Entity:
    name: str
    kind: str
    mentions: list[Mention] = field(default_factory=list)
    main: bool = False
    segment: int = 0
    confidence: float = 0.7
    known: bool = False  # the key of a row already in the table (gazetteer): its name is not to be changed

    @property
    def first(self) -> Mention:
        return min(self.mentions, key=lambda m: m.start)


@dataclass
class Piece:
    offset: int
    segment: int
    doc: object  # spacy.tokens.Doc of text[offset: offset + len(doc.text)]


FINITE_VERB_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})


@dataclass
class Parsed:
    text: str
    pieces: list[Piece]
    segment_starts: list[int]
    main: dict[int, tuple[Mention, str]] = field(default_factory=dict)  # segment -> (subject, kind)

    def sentences(self) -> list[tuple[int, int, int]]:
        """(start, end, segment) of every sentence, global offsets."""
        return [(p.offset + s.start_char, p.offset + s.end_char, p.segment) for p in self.pieces for s in p.doc.sents]

    def ents(self) -> list[tuple[int, int, str]]:
        return [(p.offset + e.start_char, p.offset + e.end_char, e.label_) for p in self.pieces for e in p.doc.ents]

    def token_at(self, pos: int) -> tuple[Piece, Any] | None:
        """The piece and the spaCy token that cover character `pos` of the text; None between
        tokens. The token's `idx` counts from the piece's `offset`."""
        for piece in self.pieces:
            at = pos - piece.offset
            token = next((t for t in piece.doc if t.idx <= at < t.idx + len(t.text)), None)  # type: ignore[attr-defined]
            if token is not None:
                return piece, token
        return None

    def finite_verb_in(self, start: int, end: int) -> bool:
        """Whether a verb with a tense of its own ("received") lies within [start, end): after a
        comma, a clause of its own, as in "born on 31 July 1912, received the prize in Economics"."""
        return any(start <= p.offset + t.idx and p.offset + t.idx + len(t) <= end and t.tag_ in FINITE_VERB_TAGS
                   for p in self.pieces if p.offset < end and start < p.offset + len(p.doc.text) for t in p.doc)


def table_kind(table: TablePlan) -> str:
    """What a row is: person / organization / work / place / other, from NER labels or the entity word."""
    for label in table.entity_types:
        if label.upper() in LABEL_KIND:
            return LABEL_KIND[label.upper()]
    words = set(re.findall(r"[a-z]+", table.entity.lower()))
    if words & {"person", "people", "persons", "human", "author", "artist", "player", "politician"}:
        return "person"
    if words & ({"organization", "organisation", "organizations", "company", "companies"} | ORG_NOUNS):
        return "organization"
    if words & ({"work", "works", "creative"} | WORK_NOUNS):
        return "work"
    if words & {"place", "city", "country", "location"}:
        return "place"
    return "other"


def parse(text: str, chunk_chars: int = 20000) -> Parsed:
    """Parse every segment (document) of a job's text once; spaCy runs in batches via nlp.pipe."""
    nlp = spacy_pipeline()
    parts = [(off, seg_no, chunk) for seg_no, (start, seg) in enumerate(ts.segments(text))
             for off, chunk in ts.chunks(start, seg, chunk_chars)]
    docs = nlp.pipe([chunk for _, _, chunk in parts], batch_size=16)
    pieces = [Piece(off, seg_no, doc) for (off, seg_no, _), doc in zip(parts, docs, strict=True)]
    starts = [start for start, _ in ts.segments(text)]
    parsed = Parsed(text, pieces, starts)
    for seg_no, start in enumerate(starts):
        subject = _main_subject(parsed, seg_no, start)
        if subject:
            parsed.main[seg_no] = subject
    return parsed


def _main_subject(parsed: Parsed, seg_no: int, start: int) -> tuple[Mention, str] | None:
    text = parsed.text
    sent_end = next((e for s, e, g in parsed.sentences() if g == seg_no), len(text))
    m = _COPULA.search(text, start, sent_end)
    if m is None:
        return None
    head = text[start:m.start()]
    if ", " in head and _opens_with_phrase(parsed, start):  # "Born in Rockhampton in 1938, Rod Laver is ..."
        at = head.rfind(", ") + 2
        start, head = start + at, head[at:]
    cut = min([i for i in (head.find(" ("), head.find("(")) if i >= 0] or [len(head)])
    raw = re.split(r",\s+(?:known|also|formerly|officially|or|sometimes|commonly|previously|originally|better)\b|\s[–-]\s", head[:cut])[0]
    lead = len(raw) - len(raw.lstrip(" \"“'"))
    subject = raw.strip(" \"“”',;")
    owner = re.match(r"(.+?)['’]s\s+[a-z][a-z\s-]*$", subject)  # "A.D. Isidro Metapan's full name is ...": the owner is the row
    subject = owner.group(1) if owner else subject
    described = re.match(r"(?:[a-z][\w-]*\s+){1,3}(?=[A-Z])", subject)  # "right winger Gordie Howe was ...": the name
    if described and not set(described.group(0).split()) & _JOINING_WORDS:  # not "while the War of Independence was"
        lead += described.end()
        subject = subject[described.end():]
    if not subject or len(subject) > 120 or subject.lower() in PRONOUNS or not subject[:1].isupper() and subject[:1] != "'":
        return None
    if _CLAUSE_WORD.search(subject) or sum(1 for w in subject.split() if w[:1].islower()) > 4:
        return None  # "Bhajji originates from India, where the leader | is called T S Thakur": a clause, no name
    s_start = start + lead
    mention = Mention(s_start, s_start + len(subject), subject)
    parts = re.split(r",|\.|;| who | which | that | by | of | for | from | in | with | on ", text[m.end():sent_end] + ".")
    nouns = [w for w in re.findall(r"[A-Za-z]+", parts[0].lower()) if w in WORK_NOUNS or w in ORG_NOUNS]
    if not nouns and len(parts) > 1 and re.fullmatch(r"\s*(?:as|like|in|at|by|for|now|still|also|once|today|perhaps|probably)\b.*", parts[0]):
        nouns = [w for w in re.findall(r"[A-Za-z]+", parts[1].lower()) if w in WORK_NOUNS or w in ORG_NOUNS]  # "is, as ..., the sixth album"
    ents = [(a, b, lab) for a, b, lab in parsed.ents() if a < mention.end and b > mention.start]
    lifespan = re.match(r"\s*\((?:born|b\.|;|[^)]{0,40}\d{3,4}\s*[–-])", text[start + len(head[:cut]):sent_end])
    if lifespan:
        kind = "person"
    elif nouns:
        kind = "work" if nouns[-1] in WORK_NOUNS else "organization"
    elif any(lab == "PERSON" for _, _, lab in ents):
        kind = "person"
    else:
        kind = LABEL_KIND.get(ents[0][2], "other") if ents else "other"
    if kind == "person":
        mention = _person_name(parsed, mention)
    elif kind == "organization":
        name = re.split(r",|\s/\s", mention.text)[0].strip()
        name = name[4:] if name.startswith("The ") else name
        s = mention.start + mention.text.index(name)
        mention = Mention(s, s + len(name), name)
    return mention, kind


def _opens_with_phrase(parsed: Parsed, start: int) -> bool:
    """Whether the sentence at `start` opens with a phrase before its subject: its first word is a
    preposition or a participle ("In 1993, ...", "Born in Novi Sad, ...", "Located on the coast, ...")."""
    for piece in parsed.pieces:
        if piece.offset <= start < piece.offset + len(piece.doc.text):  # type: ignore[attr-defined]
            first = next((t for t in piece.doc if piece.offset + t.idx >= start), None)  # type: ignore[attr-defined]
            return first is not None and first.tag_ in ("IN", "VBN", "VBG")
    return False


def _person_name(parsed: Parsed, subject: Mention) -> Mention:
    """Drop ranks and titles before a person's name ("Sir George Prévost, 1st Baronet")."""
    name = subject.text.split(",")[0]
    words = name.split()
    while len(words) > 2 and (words[0].lower().strip(".") in HONORIFICS or "-" in words[0] and words[0][0].isupper() and words[0].lower().split("-")[-1] in HONORIFICS | {"general", "admiral", "colonel", "governor"}):
        name = name[name.index(words[1]):]
        words = words[1:]
    start = subject.start + subject.text.index(name)
    return Mention(start, start + len(name), name)


def _widen(text: str, start: int, end: int, taken: tuple[tuple[int, int], ...] = ()) -> tuple[int, int]:
    """Extend an NER span over adjacent capitalized name parts spaCy left out ("Narayan Khare"),
    never into another entity ("President of Pakistan Asif Ali Zardari")."""
    while True:
        m = re.search(r"([A-Z][\w'’\-]*)\s$", text[max(0, start - 40):start])
        if not m or m.group(1).lower() in HONORIFICS or m.group(1) in FUNCTION_WORDS:
            break
        if any(a <= start - len(m.group(0)) < b for a, b in taken):
            break
        if start - len(m.group(0)) > 0 and text[start - len(m.group(0)) - 1] not in " \"“(":
            break
        start -= len(m.group(0))
    m = re.match(r"\s([A-Z][\w'’\-]+)", text[end:end + 40])
    while m:
        end += len(m.group(0))
        m = re.match(r"\s([A-Z][\w'’\-]+)", text[end:end + 40])
    return start, end


def _clean(text: str, start: int, end: int, kind: str = "") -> Mention | None:
    span = text[start:end]
    stripped = span.strip(" \"“”'’,.;:-–")
    if "(" in stripped and ")" not in stripped[stripped.index("("):]:
        stripped = stripped[:stripped.index("(")].rstrip()  # "Toulouse Business School(TBS"
    stripped = stripped.strip(" ()")
    if kind == "person":
        words = stripped.split()
        while len(words) > 1 and words[0].lower().strip(".") in HONORIFICS:
            words = words[1:]
        stripped = " ".join(words) if words else stripped
        if stripped not in span:
            return None
    elif kind == "organization" and stripped[:4] in ("the ", "The "):
        stripped = stripped[4:]
    if stripped.endswith("'s") or stripped.endswith("’s"):
        stripped = stripped[:-2]
    if not stripped or not re.search(r"[^\W\d_]", stripped) or stripped.lower() in PRONOUNS or len(stripped) > 100:
        return None
    s = start + span.index(stripped)
    return Mention(s, s + len(stripped), stripped)


def _candidates(parsed: Parsed, kind: str) -> list[tuple[Mention, float]]:
    text, out = parsed.text, []
    labels = KIND_LABELS.get(kind, set())
    others = tuple((a, b) for a, b, label in parsed.ents() if label not in labels)
    for a, b, label in parsed.ents():
        if label in labels:
            if kind == "person":
                a, b = _widen(text, a, b, others)
                if _PLACE_BEFORE.search(text[max(0, a - 12):a]):
                    continue  # "born in Durg": a place spaCy took for a name
            m = _clean(text, a, b, kind)
            if m:
                out.append((m, 0.75 if kind != "work" else 0.5))
    if kind == "person":
        for cue in _PERSON_CUE.finditer(text):
            name = ts.proper_phrase_at(text, cue.end())
            if name and 2 <= len(name.text.split()) <= 4 and not any(w in FUNCTION_WORDS for w in name.text.split()[:1]):
                out.append((Mention(name.start, name.end, name.text), 0.6))
    if kind == "work":
        for q in _QUOTED.finditer(text):
            m = _clean(text, q.start(1), q.end(1))
            if m and m.text[:1].isupper() or (m and m.text[:1].isdigit()):
                out.append((m, 0.7))
        for w in _AFTER_WORK_NOUN.finditer(text):
            title = ts.proper_phrase_at(text, w.end() + (1 if text[w.end()] in "\"“" else 0))
            while title and (title.text.split()[0] not in {"The", "A"} or len(title.text.split()) > 1):
                out.append((Mention(title.start, title.end, title.text), 0.65))
                more = re.match(r"\s*(?:,|and|&)\s+(?:and\s+)?[\"“]?\s*", text[title.end:title.end + 12])
                title = ts.proper_phrase_at(text, title.end + more.end()) if more else None  # "albums Bionic and Burlesque"
        for y in _TITLE_YEAR.finditer(text):
            title = ts.proper_phrase_at(text, y.start(1))
            if title and title.end == y.end(1) and title.text.split()[0] not in FUNCTION_WORDS:
                out.append((Mention(title.start, title.end, title.text), 0.55))
    return out


def _tokens(name: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[\w'’\-]+", name) if w.lower() not in {"the", "of", "and", "a", "an"}}


def find_entities(parsed: Parsed, kind: str) -> list[Entity]:
    """Entities of `kind` with all their mentions; main subjects first, then by first mention."""
    entities: list[Entity] = []
    for seg_no, (mention, main_kind) in parsed.main.items():
        if main_kind == kind:
            entities.append(Entity(mention.text, kind, [mention], main=True, segment=seg_no, confidence=0.85))
    cands = sorted(_candidates(parsed, kind), key=lambda c: (-len(_tokens(c[0].text)), c[0].start))
    for mention, conf in cands:
        words = _tokens(mention.text)
        if not words:
            continue
        owner = next((e for e in entities if words <= _tokens(e.name) and _same_segment(parsed, e, mention)), None)
        if owner is None:
            owner = next((e for e in entities if words <= _tokens(e.name)), None)
        if owner is None:
            owner = Entity(mention.text, kind, [], segment=segment_of(parsed, mention.start), confidence=conf)
            entities.append(owner)
        if all(m.start != mention.start for m in owner.mentions):
            owner.mentions.append(mention)
            owner.confidence = max(owner.confidence, conf)
    for ent in entities:  # every further occurrence of the full name is a mention too
        for m in re.finditer(re.escape(ent.name), parsed.text):
            if all(not (x.start <= m.start() < x.end) for x in ent.mentions):
                ent.mentions.append(Mention(m.start(), m.end(), ent.name))
        ent.mentions.sort(key=lambda m: m.start)
    if kind == "person":  # a "person" that is ever "in X" or "at X", or a place elsewhere, is a place spaCy mislabelled
        places = {parsed.text[a:b] for a, b, label in parsed.ents() if label in ("GPE", "LOC", "FAC")}
        entities = [e for e in entities if e.main or e.name not in places and not any(
            _PLACE_BEFORE.search(parsed.text[max(0, m.start - 12):m.start]) for m in e.mentions)]
    if kind == "organization":  # an "organization" only ever "in X" is a place; a lowercase one is no name
        entities = [e for e in entities if e.main or e.name[:1].isupper() and not all(
            _IN_PLACE.search(parsed.text[max(0, m.start - 12):m.start]) for m in e.mentions)]
    return sorted(entities, key=lambda e: (not e.main, e.first.start))


def segment_of(parsed: Parsed, pos: int) -> int:
    return max(i for i, s in enumerate(parsed.segment_starts) if s <= pos) if parsed.segment_starts else 0


def _same_segment(parsed: Parsed, entity: Entity, mention: Mention) -> bool:
    return entity.segment == segment_of(parsed, mention.start)
