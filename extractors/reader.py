"""Tool `text2db.plan_reader.v1`: values for any planned column, from what the plan says about it.

No column, table or relation name is known here. A column is its words (from the name and the
question, units dropped), its value type, its label set and its demonstrations. Candidates come
by value type (numbers with their unit and scale words, years, dates, label values and their
paraphrases, proper names, codes, short noun phrases); each is scored by how well the words
around it match the column's words (stems, then sentence-embedding similarity of the cue words
with the column's question), by its fit with the demonstrations' shape, and by distance from
the entity. A word before the value that is not one of the column's words but means nearly the
same ("born" for `birth`, "married" for `spouse`, "composed by" for `composer`) counts as a
weaker cue, by the similarity of the two words' embeddings. One value goes to at most one column (the best-scoring pairs are taken first), so
"has 1500 members and 12 floors" splits cleanly.

Cues learned from the LLM's grounded answers (student.py) add to the column's own words, which
is how the reader takes over a job's columns as a feed goes on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from text2db.extractors import textspans as ts
from text2db.extractors.entities import Entity, Parsed
from text2db.extractors.grounding import NUMBER_WORDS, ORDINAL, number_phrases, ordinal_numbers
from text2db.extractors.spans import Candidate
from text2db.integrators.countries import is_demonym, names_a_country
from text2db.integrators.normalize import UNITS
from text2db.integrators.textstyle import templated_labels
from text2db.schemas.plan import ColumnPlan, TablePlan

STOP = set("a an the of out in on at to for by with and or is are was were be been has have had it its this that which "
           "who from as into than their there they he she his her also not".split())
UNIT_WORDS = {"m": "metres", "km": "kilometres", "km2": "square kilometres", "m2": "square metres", "kg": "kilograms",
              "cm": "centimetres", "mm": "millimetres", "ft": "feet", "mi": "miles", "ha": "hectares", "g": "grams",
              "s": "seconds", "min": "minutes", "h": "hours", "pct": "percent", "usd": "dollars", "eur": "euros"}
NEGATION = re.compile(r"\b(?:not|no|never|n't|non|without|isn't|aren't|doesn't|don't|un\w+)\b", re.I)
NUMBER = re.compile(r"(?<![\w.-])[-+]?\d[\d,]*(?:\.\d+)?(?![-/]\w)(?!\d)(?:\s*(?:thousand|million|billion|bn|k)\b)?"
                    r"(?:\s*(?:square\s+)?[A-Za-z²]+\d?)?")
_WORD = re.compile(r"(?<![\w-])\w+(?![\w-])")
_SHORT_CODE = re.compile(r"[A-Z0-9]{1,6}")  # an airline's "KL", a currency's "EUR": one token, no lower case
CODE = re.compile(r"(?<![\w-])(?=[\w-]*\d)[A-Z0-9][A-Z0-9-]{2,}(?![\w-])|(?<![\w-])[A-Z]{3,5}(?![\w-])")
SHORT_SEGMENT = 1500  # characters; longer segments embed only candidates near a cue word (cost, not quality)
MIN_SHAPE_DEMOS = 3  # existing values needed before their shape (digits or not) restricts candidates
TYPE_FIT = 0.25  # a value of the column's restricted type in the first sentence, which names the entity (ColumnView.typed)
DESIGNATED = 0.6  # "M42" for messier_number: the initials of the column's words stand as its cue
DESIGNATION = re.compile(r"(?<![\w-])(?P<initials>[A-Z]{1,3})-?(?P<number>\d{1,5})(?![\w-])")
NUMBER_NAME_WORDS = {"number", "no", "num", "nr", "id", "code", "designation", "index"}  # what a numbering column's name adds
NUMBER_TOKEN = re.compile(rf"\d[\d,.]*|\b(?:{'|'.join(NUMBER_WORDS)})\b", re.I)
CLAUSE_JOINT = re.compile(r",|;|\band\b")
YEAR_LIKE = re.compile(r"(?:1[5-9]|20)\d\d")
KNOWN_VALUE = 0.44  # a value the column already holds, written beside the entity: below rowwriter.DROP_BELOW, so an LLM that reads the text as not stating it wins
SPELLED_NUMBER = re.compile(rf"(?<![\w-])(?!{ORDINAL.pattern})(?P<word>{'|'.join(NUMBER_WORDS)})(?:-[a-z]+|\s+[a-z]+)?(?![\w-])",
                            re.I)  # not the tens of an ordinal ("thirty-fifth")
EARLIER_SENTENCE = 0.5  # a value in a sentence before the entity's first mention
PRONOUNS = frozenset("i you he she it we they me him her us them my your his its our their this that these those "
                     "there here one".split())  # a sentence-initial "Their" or "It" is capitalized, never a name
PREPOSITIONS = frozenset("near beside behind opposite next along across around above below under over inside outside "
                         "within beyond past towards toward via between among against beneath".split())
_PLACE_BEFORE = re.compile(r"\b(?:in|at|near|from)\s+(?:the\s+)?$", re.I)  # ends where the span starts
AGENT_IN_PLACE = 0.5  # a span after "in"/"at" offered to a column of agents
TYPE_WORDS = {"date": {"date", "day"}, "year": {"year"}}  # name words a value of that type states by itself
CLAUSE_END = re.compile(r"[,;:()]|\b(?:and|but|or|while|whereas|which|who|whose|where|when|with|without)\b", re.I)
FITS_ELSEWHERE_MARGIN = 0.12  # MiniLM cosine by which a value is nearer another column's values than its own column's
FITS_ELSEWHERE_FLOOR = 0.5  # ... and near them at all ("Florence" is a headquarters, not a founder)
MIN_VALUE_SET = 3  # distinct existing values a column needs before its values are compared with a candidate
WORD_AFFINITY_FLOOR = 0.55  # MiniLM cosine of two single words below which they are not the same cue
WORD_AFFINITY_FULL = 0.85  # ... and at which a word counts as fully as the column's own word ("born" / "birth")
_SUFFIXES = ("ions", "ion", "ments", "ment", "ings", "ing", "ers", "er", "ed", "es", "ly", "ors",
             "or", "s", "e")


def stem(word: str) -> str:
    """A crude suffix stripper: 'managed'/'manager' -> 'manag', 'located'/'location' -> 'locat'."""
    w = word.lower()
    w = NUMBER_WORDS.get(w, w)
    if len(w) > 4 and w.endswith("ies"):  # "families" -> "family", as "family" stays
        w = w[:-3] + "y"
    for _ in range(2):  # 'moderately' -> 'moderate' -> 'moderat', as 'moderate' -> 'moderat'
        for suf in _SUFFIXES:
            if len(w) - len(suf) >= 3 and w.endswith(suf):
                w = w[: -len(suf)]
                break
    return w


COMPARATIVES = {"under": "less", "below": "less", "fewer": "less", "over": "more", "above": "more"}  # "under £20": "less than £20"


def label_word(label: str, word: str) -> bool:
    """A text word stands for a label word (both lower-case): the same stem, or the first part
    of a compound label word ("river" for "riverside"; five letters at least, so "rest" is no
    "restaurant")."""
    return stem(word) == stem(label) or (len(word) >= 5 and len(label) >= len(word) + 3 and label.startswith(word))


def content_words(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]+|\d+", text.replace("_", " ")) if w.lower() not in STOP]


def stems(text: str) -> set[str]:
    return {stem(w) for w in content_words(text)}


def other_column_stems(table: TablePlan, column: str) -> frozenset[str]:
    """The name words of the table's other non-key columns, less `column`'s own: a value that
    holds or stands beside one of them is that column's, not `column`'s."""
    return frozenset(w for c in table.columns if c.name != column and c.name not in table.key
                     for w in stems(c.name)) - stems(column)


@dataclass(frozen=True)
class ColumnView:
    """What the reader knows of a column: its cue stems and phrase, type, labels, value shape."""

    name: str
    value_type: str
    phrase: str
    cue_stems: frozenset[str]
    labels: tuple[str, ...]
    capitalized: float  # share of demonstrations that start upper-case
    numeric: bool
    names_only: bool = False  # a foreign key: the value is a parent row's name
    with_digits: float = 0.5  # share of demonstrations that contain a digit (codes, addresses); 0.5 unknown
    cue_words: tuple[str, ...] = ()  # the words behind cue_stems, lower-case: what near-synonyms are compared with
    countries: bool = False  # the plan writes the column as a country name: only spans that name one
    known: tuple[str, ...] = ()  # values the column holds or the LLM gave it (open text columns): found where written
    code_lengths: tuple[int, int] | None = None  # every value is one short upper-case code ("KL", "EK"): its lengths
    examples: tuple[str, ...] = ()  # distinct existing values (a foreign key's: parent names), compared with candidates
    agent: bool = False  # the column names who did something ("founder", "director"): never a place after "in"
    rank: bool = False  # a number a text may give as an ordinal ("the Third Dynasty"): never a count
    small: bool = False  # a whole-number column whose existing values (two or more) are all below 1000: no year

    @classmethod
    def of(cls, col: ColumnPlan, entity_word: str, learned: list[str] | None = None,
           learned_values: list[str] | None = None) -> "ColumnView":
        """`learned`: cue words the LLM's answers taught; `learned_values`: values it gave the column."""
        unit = (col.format.unit or "").lower()
        typed_words = TYPE_WORDS.get(col.value_type, set())  # launch_date: a text writes "launched on <date>"
        name_words = [w for w in content_words(col.name) if w.lower() not in {unit, "id", "number", *typed_words}
                      or w.lower() == "number" and len(content_words(col.name)) == 1]
        name_words = name_words or content_words(col.name)
        phrase = " ".join(name_words) or col.name
        entity = stems(entity_word)
        cue = (stems(" ".join(name_words)) | stems(col.question.split(" of the ")[0])) - entity - {"name"}
        cue |= {stem(w) for p in (learned or []) for w in content_words(p)}
        words = [*name_words, *content_words(col.question.split(" of the ")[0]),
                 *(w for p in (learned or []) for w in content_words(p))]
        cue_words = tuple(sorted({w.lower() for w in words if stem(w) in cue and w.isalpha() and len(w) >= 3}))
        demos = [d for d in col.demonstrations if d.strip()]
        cap = sum(1 for d in demos if d[:1].isupper() or d[:1].isdigit()) / len(demos) if demos else 0.5  # as _score reads a span
        digits = sum(1 for d in demos if re.search(r"\d", d)) / len(demos) if len(demos) >= MIN_SHAPE_DEMOS else 0.5
        numeric = col.value_type in ("integer", "number", "year") or col.format.kind in ("integer", "number", "year")
        examples = tuple(dict.fromkeys(demos))
        head = name_words[-1].lower() if name_words else ""
        agent = len(head) > 4 and head.endswith(("er", "or")) and stem(head) != head  # founder -> found(ed)
        if col.link is not None:
            return cls(col.name, "text", phrase, frozenset(cue), (), 1.0, False, names_only=True, with_digits=digits,
                       cue_words=cue_words, examples=examples, agent=agent)
        shown = [*demos, *(v for v in col.format.examples if v.strip())]  # the format's examples: the most frequent values
        known = () if col.labels or numeric else tuple(dict.fromkeys(v for v in [*shown, *(learned_values or [])] if 2 < len(v) <= 60))
        labels = tuple(col.labels or ())
        if col.labels_open:  # the values the LLM gave an open label set are labels to look for too
            labels = tuple(dict.fromkeys([*labels, *(learned_values or [])]))
        codes = [len(d) for d in demos if _SHORT_CODE.fullmatch(d)]
        code_lengths = (min(codes), max(codes)) if len(demos) >= MIN_SHAPE_DEMOS and len(codes) == len(demos) else None
        return cls(col.name, col.value_type, phrase, frozenset(cue), labels, cap, numeric,
                   with_digits=digits, cue_words=cue_words, countries=col.format.kind == "country", known=known,
                   code_lengths=code_lengths, examples=examples, agent=agent, rank=_holds_a_rank(col),
                   small=col.value_type == "integer" and len(demos) >= 2
                   and all(re.fullmatch(r"\d{1,3}", d.strip()) for d in demos))

    @property
    def value_set(self) -> tuple[str, ...]:
        """The words the column's rows hold (labels or existing text values), for comparing a
        candidate with; empty for numbers, dates and columns with too few distinct values."""
        if self.numeric or self.value_type == "date":
            return ()
        values = tuple(dict.fromkeys(self.labels or self.examples))
        return values if len(values) >= MIN_VALUE_SET else ()

    @property
    def typed(self) -> bool:
        """Candidates are restricted to one value type (dates, years, countries), so a value of
        that type beside the entity is evidence even without a cue word."""
        return self.value_type in ("date", "year") or self.countries

    def fits_shape(self, value: str) -> bool:
        """A text value has the shape of the column's existing values: a code column (nearly every
        value has digits: ISBNs, postcodes) takes no plain words; a column of words takes no codes;
        a column of short upper-case codes takes only such a code of their lengths ("TK", not "IATA
        code TK")."""
        if self.code_lengths is not None:
            low, high = self.code_lengths
            return _SHORT_CODE.fullmatch(value) is not None and low <= len(value) <= high
        digits = sum(ch.isdigit() for ch in value)
        if self.with_digits >= 0.8:
            return digits > 0
        if self.with_digits == 0.0:  # a code among words: mostly digits
            return digits * 2 < sum(ch.isalnum() for ch in value)
        return True

    @property
    def yes_no(self) -> bool:
        return {lb.lower() for lb in self.labels} <= {"yes", "no", "true", "false", "y", "n"} and len(self.labels) >= 2


_DAY = re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{ts.MONTHS}\b|\b{ts.MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?\b")


def _days(text: str) -> list[ts.Span]:
    """Days written without their year ("closed on 9 June")."""
    return [ts.Span(m.start(), m.end(), m.group(0)) for m in _DAY.finditer(text)]


@dataclass
class Scored:
    column: str
    span: ts.Span
    score: float
    value: str  # the value to write: the span's text, or a label the span means


@dataclass
class Reader:
    """Candidates and scores for one segment's main entity over a table's open columns."""

    parsed: Parsed
    entity: Entity
    columns: list[ColumnView]
    semantic: bool = True
    _sentences: list[tuple[int, int]] = field(default_factory=list)
    _told_of: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)  # _subjects_told_of, per value start
    _short: bool = True
    _affinity: dict[tuple[str, str], float] = field(default_factory=dict)  # (word, column) -> cue weight
    _dates: list[ts.Span] | None = None  # every date and day the text writes (_date_spans)

    def __post_init__(self) -> None:
        self._sentences = [(a, b) for a, b, seg in self.parsed.sentences() if seg == self.entity.segment]
        a, b = self._bounds()
        self._short = b - a <= SHORT_SEGMENT
        if self.semantic:
            self._learn_affinities(a, b)

    def _learn_affinities(self, a: int, b: int) -> None:
        """How much each word of the segment means a column's own words: one batch of word
        embeddings per segment (cached across documents), compared with every column's words."""
        from text2db.extractors.models import import_spacy, word_vectors

        import_spacy()  # the first import of spaCy in a process goes through it (no torch)
        from spacy.lang.en.stop_words import STOP_WORDS  # "where" is near "location" and means nothing

        # lower-case words only: a name ("India") is a value, never the cue of another ("country")
        segment_words = {w for w in content_words(self.parsed.text[a:b])
                         if w.isalpha() and w.islower() and len(w) >= 3 and w not in STOP_WORDS}
        column_words = {w for col in self.columns for w in col.cue_words}
        if not segment_words or not column_words:
            return
        vectors = word_vectors(segment_words | column_words)
        for col in self.columns:
            if not col.cue_words:
                continue
            for word in segment_words:
                if stem(word) in col.cue_stems:
                    continue
                best = max(float(vectors[word] @ vectors[c]) for c in col.cue_words)
                if best >= WORD_AFFINITY_FLOOR:
                    self._affinity[(word, col.name)] = min(1.0, (best - 0.45) / (WORD_AFFINITY_FULL - 0.45))

    def read(self) -> list[Candidate]:
        scored = [s for col in self.columns for s in self._candidates(col)]
        taken_spans: list[tuple[int, int]] = []
        done: set[str] = set()
        out: list[Candidate] = []
        for s in sorted(scored, key=lambda s: (-s.score, s.span.start - s.span.end)):  # a tie: the longer span ("Harland and Wolff")
            if s.column in done or s.score < 0.2:
                continue
            if any(s.span.start < b and a < s.span.end for a, b in taken_spans):
                continue
            if self.semantic and self._fits_elsewhere(s):
                continue
            done.add(s.column)
            taken_spans.append((s.span.start, s.span.end))
            out.append(Candidate(self.entity.name, s.column, ts.Span(s.span.start, s.span.end, s.value),
                                 round(min(0.95, s.score), 3), "plan_reader", verifiable=True))
        return out

    def _fits_elsewhere(self, s: Scored) -> bool:
        """The value is far more like another column's existing values than like its own
        column's: "founded in Florence in 1921 by Guccio Gucci" offers "Florence" to `founder`,
        whose rows hold people, while `headquarters` holds cities. Only text columns with a few
        distinct values on both sides are compared; numbers and dates have their own shapes."""
        own = next(c for c in self.columns if c.name == s.column)
        mine = _value_centroid(own.value_set)
        if mine is None:
            return False
        vector = _vectors([s.value])[0]
        fit = float(vector @ mine)
        for other in self.columns:
            theirs = _value_centroid(other.value_set) if other is not own else None
            if theirs is not None:
                elsewhere = float(vector @ theirs)
                if elsewhere >= FITS_ELSEWHERE_FLOOR and elsewhere - fit >= FITS_ELSEWHERE_MARGIN:
                    return True
        return False

    # -- candidates by value type ---------------------------------------------------------
    def _candidates(self, col: ColumnView) -> list[Scored]:
        if col.labels:
            return self._labels(col)
        spans: list[ts.Span] = []
        spelled: list[Scored] = []  # numbers written in words, as digits
        a, b = self._bounds()
        text = self.parsed.text
        if col.numeric:
            for m in NUMBER.finditer(text, a, b):
                num = re.match(r"[-+]?\d[\d,]*(?:\.\d+)?", m.group(0))
                if num and not self._inside_entity(m.start(), m.end()):
                    spans.append(ts.Span(m.start(), m.end(), m.group(0).strip()))
            phrases = [_spelled_measure(text, a + s, a + e, value) for s, e, value in number_phrases(text[a:b])
                       if not self._inside_entity(a + s, a + e)]  # "four hundred and twenty-one metres"
            if col.value_type == "year":
                spans = [s for s in spans if re.fullmatch(r"\d{4}", s.text.split()[0])] or spans
                phrases = [(sp, value) for sp, value in phrases if len(value) == 4]  # "nineteen fifty-two"
            else:
                if col.small:  # "took the Tour in 1949 and 1952" for a column of counts 3, 5, 8: no year
                    spans = [s for s in spans if not YEAR_LIKE.fullmatch(re.split(r"[\s,;]", s.text)[0])]
                spelled = [Scored(col.name, sp, self._score(col, sp), NUMBER_WORDS[m.group("word").lower()])
                           for m, sp in self._number_words(a, b)
                           if not any(sp.start < p.end and p.start < sp.end for p, _ in phrases)]
                if col.rank:  # "the Third Dynasty" for `dynasty`, not "its first season" for a count
                    spelled += [Scored(col.name, sp, self._score(col, sp), value) for sp, value in self._ordinals(a, b)]
                spelled += [Scored(col.name, sp, max(DESIGNATED, self._score(col, sp)), value)
                            for sp, value in self._designations(col, a, b)]
            spelled += [Scored(col.name, sp, self._score(col, sp), value) for sp, value in phrases]
        elif col.value_type == "date":
            spans = [s for s in ts.dates_in(text, a, b) if not self._inside_entity(s.start, s.end)]
        else:
            spans = [sp for sp in self._text_spans(a, b, col) if content_words(sp.text)]  # not a capitalised "In"
            if col.countries:
                spans = [sp for sp in spans if names_a_country(sp.text)]
        scored = [Scored(col.name, s, self._score(col, s), s.text) for s in spans]
        return scored + spelled + self._known(col, a, b)

    def _number_words(self, a: int, b: int) -> list[tuple[re.Match[str], ts.Span]]:
        """Number words with the noun they count ("a four-stage launcher", "three runways")."""
        return [(m, ts.Span(m.start(), m.end(), m.group(0))) for m in SPELLED_NUMBER.finditer(self.parsed.text, a, b)
                if not self._inside_entity(m.start(), m.end())]

    def _designations(self, col: ColumnView, a: int, b: int) -> list[tuple[ts.Span, str]]:
        """Numbers written behind the initials of the column's words, and their number: "M42" for
        `messier_number`. The initials say which number it is, as a cue word would."""
        initials = "".join(w[0] for w in content_words(col.name.replace("_", " "))
                           if w.lower() not in NUMBER_NAME_WORDS).upper()
        if not initials or len(initials) > 3:
            return []
        return [(ts.Span(m.start(), m.end(), m.group(0)), str(int(m.group("number"))))
                for m in DESIGNATION.finditer(self.parsed.text, a, b)
                if m.group("initials") == initials and not self._inside_entity(m.start(), m.end())]

    def _ordinals(self, a: int, b: int) -> list[tuple[ts.Span, str]]:
        """Ordinals in words with the number each stands for ("Fourth" -> "4")."""
        out = []
        for m in ORDINAL.finditer(self.parsed.text, a, b):
            if not self._inside_entity(m.start(), m.end()):
                out += [(ts.Span(m.start(), m.end(), m.group(0)), n) for n in ordinal_numbers(m.group(0))]
        return out

    def _known(self, col: ColumnView, a: int, b: int) -> list[Scored]:
        """The column's known values written in the entity's segment ("coffee shop" where every
        row's eat_type is "coffee shop"), outside the entity's own name. A cue word scores them
        as any span; without one they are weak evidence the LLM confirms or vetoes, and which
        stands alone only where no LLM is asked."""
        text, out = self.parsed.text, []
        for value in col.known:
            for m in re.finditer(rf"(?<!\w){re.escape(value)}(?!\w)", text[a:b], re.IGNORECASE):
                span = ts.Span(a + m.start(), a + m.end(), m.group(0))
                if not self._inside_entity(span.start, span.end):
                    out.append(Scored(col.name, span, max(KNOWN_VALUE, self._score(col, span)), value))
        for s, e, value in templated_labels(text[a:b], col.known):  # "1 out of 5" where rows hold "3 out of 5"
            span = ts.Span(a + s, a + e, text[a + s:a + e])
            if not self._inside_entity(span.start, span.end):
                out.append(Scored(col.name, span, max(KNOWN_VALUE, self._score(col, span)), value))
        return out

    def _text_spans(self, a: int, b: int, col: ColumnView) -> list[ts.Span]:
        from text2db.extractors.subject import name_runs

        text, out = self.parsed.text, []
        for s, e, label in self.parsed.ents():
            if a <= s and e <= b and label not in ("CARDINAL", "ORDINAL", "PERCENT", "QUANTITY", "MONEY", "DATE", "TIME"):
                out.append(ts.Span(s, e, text[s:e]))
        for s, e, _subj, _n in name_runs(self.parsed, self.entity.segment):
            piece = text[s:e]
            if piece.split()[0] in ("The", "A", "An") and len(piece.split()) > 1 and col.capitalized < 0.5:
                continue
            out.append(ts.Span(s, e, piece))
        if col.names_only:  # a parent's name: not a demonym ("the British-American director")
            norp = {text[s:e].lower() for s, e, label in self.parsed.ents() if label == "NORP"}
            return self._unique([sp for sp in out if re.sub(r"^the\s+", "", sp.text.lower()) not in norp
                                 and not _demonym_phrase(sp.text)], col)
        for m in CODE.finditer(text, a, b):
            out.append(ts.Span(m.start(), m.end(), m.group(0)))
        if col.code_lengths is not None:  # codes shorter than CODE reads ("TK")
            out += [ts.Span(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(text, a, b)
                    if col.fits_shape(m.group(0))]
        for piece in self.parsed.pieces:
            if piece.segment != self.entity.segment:
                continue
            for chunk in piece.doc.noun_chunks:  # type: ignore[attr-defined]
                words = [t for t in chunk if t.pos_ not in ("DET", "PRON")]
                if words and len(words) <= 4 and not chunk.root.pos_ == "PRON":
                    s, e = piece.offset + words[0].idx, piece.offset + words[-1].idx + len(words[-1].text)
                    out.append(ts.Span(s, e, text[s:e]))
        if len(col.examples) >= 2 and not any(is_demonym(v) for v in col.examples):
            out = [sp for sp in out if not _demonym_phrase(sp.text)]  # "the Dutch city of Maastricht": no city is "Dutch"
        out = [sp for sp in out if ts.named_after_of(text, sp) is None]  # "the Illinois village of Tampico": Tampico
        return self._unique(out, col)

    def _date_spans(self) -> list[ts.Span]:
        """The dates and days the text writes, read once per reader (every column of words asks)."""
        if self._dates is None:
            text = self.parsed.text
            self._dates = ts.dates_in(text, 0, len(text)) + _days(text)
        return self._dates

    def _unique(self, spans: list[ts.Span], col: ColumnView) -> list[ts.Span]:
        text = self.parsed.text
        seen, unique = set(), []
        # a column of words (no existing value has a digit) takes no part of a date: "declared it
        # open on 3 June 1952" gives a column of people nothing
        dates = self._date_spans() if col.with_digits == 0.0 else []
        for sp in spans:
            sp = _strip_span(text, sp)
            lead = next((d for d in dates if d.start == sp.start and d.end < sp.end), None) if sp is not None else None
            if lead is not None:  # "a 2008 Pixar film": the year is no part of the name
                sp = _strip_span(text, ts.Span(lead.end, sp.end, text[lead.end:sp.end]))
            if sp is None or (sp.start, sp.end) in seen or self._inside_entity(sp.start, sp.end) or sp.text.lower() in PRONOUNS:
                continue
            if any(d.start <= sp.start and sp.end <= d.end for d in dates):
                continue
            if stems(sp.text) and any(stems(sp.text) <= other.cue_stems for other in self.columns):
                continue  # a planned column's own words ("runway length", "ISBN") are a cue, not a value
            head = stem(content_words(sp.text)[-1]) if sp.text[:1].islower() and content_words(sp.text) else ""
            if head and head not in col.cue_stems and any(head in other.cue_stems for other in self.columns):
                continue  # "an average rating" is a rating's phrase, no price's value: its head is another column's word
            if not col.fits_shape(sp.text):
                continue
            seen.add((sp.start, sp.end))
            unique.append(sp)
        return unique

    def _labels(self, col: ColumnView) -> list[Scored]:
        """Label values found in the text by their words (number words as digits, stems folded),
        and yes/no columns by their cue words with negation."""
        a, b = self._bounds()
        text = self.parsed.text
        out: list[Scored] = []
        if col.yes_no:
            for s, e in self._sentences:
                for m in re.finditer(r"[A-Za-z][\w-]*", text[s:e]):
                    parts = set(stem(p) for p in m.group(0).split("-"))
                    if parts & col.cue_stems:
                        start = s + m.start()
                        window = text[max(s, start - 25):start + len(m.group(0)) + 6]
                        yes = next((lb for lb in col.labels if lb.lower() in ("yes", "true", "y")), col.labels[0])
                        no = next((lb for lb in col.labels if lb.lower() in ("no", "false", "n")), col.labels[-1])
                        value = no if NEGATION.search(window) else yes
                        out.append(Scored(col.name, ts.Span(start, start + len(m.group(0)), m.group(0)), 0.7, value))
            return out
        words = [(m.start(), m.end(), COMPARATIVES.get(m.group(0).lower(), m.group(0).lower()))
                 for m in re.finditer(r"[A-Za-z]+|\d+|£|\$|€", text[a:b])]
        tokens = [(s, e, stem(w)) for s, e, w in words]
        others = frozenset(w for other in self.columns if other.name != col.name for w in other.cue_stems) - col.cue_stems
        for label in col.labels:
            label_words = [w.lower() for w in re.findall(r"[A-Za-z]+|\d+|£|\$|€", label) if w.lower() not in STOP]
            want = [stem(w) for w in label_words]
            if not want:
                continue
            # each text word as the label word it stands for ("river" for "riverside"), else its stem
            folded = [(s, e, next((sw for lw, sw in zip(label_words, want) if label_word(lw, w)), st))
                      for (s, e, w), (_, _, st) in zip(words, tokens)]
            for i in range(len(tokens)):
                window = folded[i:i + len(want) + 2]
                got = [t[2] for t in window]
                # the label's words in any order ("the centre of the city" for "city centre")
                if got and got[0] in want and all(w in got for w in want):
                    last = max(t for t in window if t[2] in want)
                    following = next((t for t in tokens if t[0] >= last[1]), None)
                    word = text[a + following[0]:a + following[1]].lower() if following else ""
                    if following and following[2] in others and word not in PREPOSITIONS:
                        continue  # "highly rated": the word of another column follows, the label is its
                    span = ts.Span(a + tokens[i][0], a + last[1], text[a + tokens[i][0]: a + last[1]])
                    if re.findall(r"\d+", span.text) != re.findall(r"\d+", label):
                        continue  # "1 out of 5" is not the label "5 out of 5": numbers match in full, in order
                    score = 0.55 + 0.1 * min(len(want), 3) + 0.25 * self._cue(col, span)[0]
                    out.append(Scored(col.name, span, score, label))
        for s, e, value in templated_labels(text[a:b], col.labels):  # "1 out of 5" where rows show "5 out of 5"
            if value not in col.labels:
                span = ts.Span(a + s, a + e, text[a + s:a + e])
                out.append(Scored(col.name, span, 0.55 + 0.1 * min(len(value.split()), 3) + 0.25 * self._cue(col, span)[0], value))
        return out

    # -- scoring ---------------------------------------------------------------------------
    def _score(self, col: ColumnView, span: ts.Span) -> float:
        lexical, window = self._cue(col, span)
        score = 0.55 * lexical
        if self.semantic and window.strip() and (lexical > 0 or self._short):  # long articles: cue-bearing spans only
            score += 0.45 * max(0.0, self._similarity(col.phrase, window) - 0.15) / 0.6
        if not col.numeric and col.value_type != "date":  # a date's casing says nothing
            upper = span.text[:1].isupper() or span.text[:1].isdigit()
            score *= 0.6 + 0.4 * (col.capitalized if upper else 1 - col.capitalized)
        if col.agent and _PLACE_BEFORE.search(self.parsed.text, max(0, span.start - 10), span.start):
            score *= AGENT_IN_PLACE  # "founded in Copenhagen in 1847 by J. C. Jacobsen": the founder follows "by"
        if col.typed and self._sentences and max(span.start, self.entity.first.start) < self._sentences[0][1]:
            score += TYPE_FIT  # the first sentence names the entity: its typed values are usually the entity's
        distance = abs(span.start - self.entity.first.end)
        if span.end <= self.entity.first.start and not self._same_sentence(span.start, self.entity.first.start):
            score *= EARLIER_SENTENCE  # said before the entity is named at all: about someone else
        return score * (1.0 - min(0.3, distance / 2000))

    def _same_sentence(self, a: int, b: int) -> bool:
        return any(s <= a < e and s <= b < e for s, e in self._sentences)

    def _cue(self, col: ColumnView, span: ts.Span) -> tuple[float, str]:
        """How much of the column's cue stems stand around the span (6 words before, 3 after, same
        sentence), each weighted by its nearness: "has the ISBN number X" cues X more than a word
        three words off."""
        s, e = next(((a, b) for a, b in self._sentences if a <= span.start < b), (span.start, span.end))
        text = self.parsed.text
        leading = text[s:span.start]
        if not col.numeric and col.value_type != "date":  # "The composer was born in X": no cue of X
            for a, b in self._subjects_told_of(span.start):
                if s <= a < span.start and text[b:span.start].strip() not in ("", ","):  # "Its host star, X, lies": X is the star
                    leading = leading[:a - s] + " " * (min(b, span.start) - a) + leading[min(b, span.start) - s:]
        if col.numeric:  # "23 gold medals, and 28 medals in total": what follows a number up to "," or "and" is its noun
            numbers = list(NUMBER_TOKEN.finditer(leading))
            joint = CLAUSE_JOINT.search(leading, numbers[-1].end()) if numbers else None
            if joint is not None:
                leading = " " * joint.end() + leading[joint.end():]
        before = _words_before(leading, col)[-6:]
        rest = text[span.end:e]
        clause = CLAUSE_END.search(rest)  # "opened in 1968 and has a capacity of ...": the next clause's noun is no cue
        after = content_words(rest[:clause.start()] if clause else rest)[:3]
        window = " ".join(before + after)
        if not col.cue_stems:
            return 0.0, window
        weights: dict[str, float] = {w: 1.0 for w in stems(span.text) & col.cue_stems}  # "2702 metres": the unit in the value
        for distance, word in enumerate(reversed(before)):
            self._weigh(weights, col, word, 1.0 / (1 + distance / 3))
        measured = col.numeric and re.search(r"\d\s*[A-Za-z]", span.text) is not None  # "2,160 metres long"
        for distance, word in enumerate(after):  # a near-synonym after a value is its verb or noun, not its cue,
            # except the adjective after a measure ("2,160 metres long", "53 metres tall"); a preposition
            # after it is the next phrase's ("a Chinese restaurant near X": X is what is near)
            if word.lower() not in PREPOSITIONS:
                self._weigh(weights, col, word, 1.0 / (1 + distance / 2), synonyms=measured and distance <= 1)
        # the column's own name words are what a text states ("has 5000 members" for number_of_members);
        # the question's extra words ("number") need not appear
        named = len(stems(col.phrase) & col.cue_stems) or len(col.cue_stems)
        return min(1.0, sum(weights.values()) / min(2, named)), window

    def _subjects_told_of(self, start: int) -> tuple[tuple[int, int], ...]:
        """Where the subjects of the verbs whose clauses hold the value starting at `start` are
        written: "The composer was born in Votkinsk" tells of the composer, so "composer" is no cue
        of Votkinsk. A copula (tagged AUX) is no such verb ("The composer is X" names X), nor is a
        verb whose subject holds the value. Kept per value, as every column asks again."""
        if start in self._told_of:
            return self._told_of[start]
        found: list[tuple[int, int]] = []
        piece, token = self.parsed.token_at(start) or (None, None)
        for verb in (v for v in token.ancestors if v.pos_ == "VERB") if token is not None else ():
            for subject in verb.children:
                if subject.dep_ in ("nsubj", "nsubjpass") and not subject.left_edge.i <= token.i <= subject.right_edge.i:
                    last = subject.right_edge
                    found.append((piece.offset + subject.left_edge.idx, piece.offset + last.idx + len(last.text)))
        self._told_of[start] = tuple(found)
        return self._told_of[start]

    def _weigh(self, weights: dict[str, float], col: ColumnView, word: str, nearness: float, synonyms: bool = True) -> None:
        """The cue weight of one context word: its stem is a column stem, or (`synonyms`) it means one."""
        if stem(word) in col.cue_stems:
            weights[stem(word)] = max(weights.get(stem(word), 0.0), nearness)
        elif synonyms and (affinity := self._affinity.get((word, col.name), 0.0)) > 0:
            slot = f"~{word}"
            weights[slot] = max(weights.get(slot, 0.0), nearness * affinity)

    @staticmethod
    def _similarity(phrase: str, window: str) -> float:
        return _cosine(phrase.lower(), window.lower())

    def _bounds(self) -> tuple[int, int]:
        if not self._sentences:
            return 0, len(self.parsed.text)
        return self._sentences[0][0], self._sentences[-1][1]

    def _inside_entity(self, start: int, end: int) -> bool:
        return any(start < m.end and m.start < end for m in self.entity.mentions)  # "The <entity> in Lisbon" too


_COUNT_QUESTION = re.compile(r"(?:the\s+)?(?:number|count|total)\s+of\b|how\s+many\b", re.I)


def _holds_a_rank(col: ColumnPlan) -> bool:
    """`dynasty`, `generation`, `president_number`: a whole number a text may give as an ordinal
    ("the Third Dynasty"). A count never is: the plan asks for the "number of seasons" of
    `season_count` or `number_of_seasons`, and a plural such as `major_wins` counts too. Nor is a
    measure, which has a unit (`height_m`: "the second tallest" is no height)."""
    return col.value_type == "integer" and not col.format.unit and not _COUNT_QUESTION.match(col.question) \
        and not col.name.lower().split("_")[-1].endswith("s")


def _words_before(leading: str, col: ColumnView) -> list[str]:
    """The content words of `leading` that may cue what follows it. A column's word that ends a
    name is that name's head, not a cue of the next span: in "the Mauna Kea Observatories in
    Hawaii" the observatory is the name, not Hawaii ("The ISBN number" is no name: "The" is a
    function word)."""
    tokens = list(re.finditer(r"[A-Za-z]+|\d+", leading.replace("_", " ")))
    out = []
    for prev, tok in zip([None, *tokens], tokens):
        word = tok.group()
        if word.lower() in STOP:
            continue
        heads_a_name = (prev is not None and word[:1].isupper() and stem(word) in col.cue_stems
                        and prev.group()[:1].isupper() and prev.group().lower() not in STOP
                        and not leading[prev.end():tok.start()].strip())
        if not heads_a_name:
            out.append(word)
    return out


def _demonym_phrase(text: str) -> bool:
    """A people's adjective alone or before common nouns: "Dutch", "Dutch city", "Castilian town"."""
    words = text.split()
    return bool(words) and is_demonym(words[0]) and all(w.islower() for w in words[1:])


def _strip_span(text: str, sp: ts.Span) -> ts.Span | None:
    piece = text[sp.start:sp.end]
    stripped = piece.strip(" ,.;:'\"()")
    if not stripped or not re.search(r"\w", stripped):
        return None
    start = sp.start + piece.index(stripped)
    return ts.Span(start, start + len(stripped), stripped)


def _spelled_measure(text: str, start: int, end: int, value: int) -> tuple[ts.Span, str]:
    """A number written in words, with the unit word after it ("four hundred and twenty-one
    metres" -> "421 metres"), so the integrator converts it as it converts digits."""
    unit = re.match(r"[\s-]([A-Za-z]+)", text[end:end + 20])
    if unit and unit.group(1).lower() in UNITS:
        return ts.Span(start, end + unit.end(), text[start:end + unit.end()]), f"{value} {unit.group(1)}"
    return ts.Span(start, end, text[start:end]), str(value)


def _vectors(texts: list[str]):  # type: ignore[no-untyped-def]
    """MiniLM unit vectors, one row per text (the model loads on first use)."""
    from text2db.extractors.models import embed

    return embed(texts)


@lru_cache(maxsize=256)
def _value_centroid(values: tuple[str, ...]):  # type: ignore[no-untyped-def]
    """The unit mean of a column's value embeddings, or None for too few values."""
    if not values:
        return None
    mean = _vectors(list(values)).mean(axis=0)
    return mean / float((mean @ mean) ** 0.5)


@lru_cache(maxsize=8192)
def _cosine(a: str, b: str) -> float:
    va, vb = _vectors([a, b])
    return float(va @ vb)
