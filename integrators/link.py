"""Entity linking: which existing row does a mention ("The Hurting", "Faure - Favier") mean?

Stages, cheapest first: exact, normalized (case, spacing, leading "the", hyphen spacing),
fuzzy (rapidfuzz), then embedding similarity to the few stored names that share words with the
mention (never the whole column). A confident, unique match links; a near miss or a tie is
`ambiguous` and goes to review; nothing close means a new entity. Never a guess.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

import numpy as np
from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

# Fuzzy: rapidfuzz ratio on normalized forms, and word by word (token_edits): a unique candidate
# at FUZZY_LINK with one word one edit away links; up to two words two edits away is ambiguous.
FUZZY_LINK = 95.0
FUZZY_REVIEW = 88.0
EMBED_LINK = 0.95  # cosine similarity: link at or above (and the fuzzy score must not contradict)
EMBED_REVIEW = 0.88
EMBED_GATE = 60.0  # rapidfuzz token_set_ratio a stored name must reach for the encoder to be asked
EMBED_CANDIDATES = 50  # the stored names (closest by words) the encoder compares a mention with

# Where a name is, written after it: "X in Chile", "X on La Palma", "X at Mount Hopkins" (not "upon":
# "Newcastle upon Tyne" is one name)
PLACE_AFTER = re.compile(r",?\s+(?:in|on|at)\s+(?=[A-Z])")

# A title before a person's name, which rows seldom keep: "Sir Edmund Hillary", "Dr. Jane Goodall"
HONORIFIC = re.compile(r"^(?:sir|dame|lord|lady|dr|prof|professor|mr|mrs|ms|rev|reverend)\.?\s+(?=\w)", re.I)

Method = Literal["exact", "normalized", "fuzzy", "embedding", "new", "ambiguous"]


def fold_accents(text: str) -> str:
    """Each accented letter as its base letter, one character for one, so that offsets into the
    folded text are offsets into the text: "Induráin" -> "Indurain"."""
    return "".join(_BASE_LETTER.get(c) or _base_letter(c) for c in text)


_BASE_LETTER: dict[str, str] = {}


def _base_letter(c: str) -> str:
    decomposed = unicodedata.normalize("NFD", c)
    base = decomposed[0] if len(decomposed) > 1 and all(unicodedata.combining(x) for x in decomposed[1:]) else c
    _BASE_LETTER[c] = base
    return base


@lru_cache(maxsize=1 << 16)
def link_form(text: str) -> str:
    """The comparison form of a name: NFKC, casefolded, no leading "the", tight punctuation, no
    abbreviation periods ("AEK Athens FC" is "AEK Athens F.C.", "A.C Lumezzane" is "A.C. Lumezzane";
    a decimal point stays), no accents ("Miguel Indurain" is "Miguel Induráin"). Memoized: a small
    table's key column is re-read every batch and its forms would be recomputed (NFKC and four
    regexes per stored name) each time."""
    text = fold_accents(unicodedata.normalize("NFKC", str(text))).casefold().strip()
    text = re.sub(r"^the\s+", "", text)
    text = re.sub(r"(?<!\d)\.|\.(?!\d)", "", text)
    text = re.sub(r"\s*([-–—:/,.'’&()])\s*", r"\1", text)  # "faure - favier" == "faure-favier"
    text = text.replace("’", "'").replace("–", "-").replace("—", "-")
    return re.sub(r"\s+", " ", text)


def token_edits(a: str, b: str) -> list[int] | None:
    """Edits (OSA: a transposition is one) of each differing word, or None when the names do not
    pair word for word: "Matthew Scott Porterr" is one word one edit away, "Nadia X" vs "Ada X"
    one word two edits away, "Chiara X Sato" vs "Chiara X Gallo" not close at all."""
    words_a, words_b = a.split(" "), b.split(" ")
    if len(words_a) != len(words_b):
        return [OSA.distance(a, b)] if OSA.distance(a, b) <= 1 else None
    return [OSA.distance(x, y) for x, y in zip(words_a, words_b) if x != y]


# A word that numbers or designates: "1f", "452b", "747", or a Roman numeral after a name word
# ("xvi", "lii"). Names whose such words differ are different things ("TRAPPIST-1f" and
# "TRAPPIST-1e", "Kepler-452b" and "Kepler-22b", "Louis XVI" and "Louis XIV"), however close
# their spelling or their vectors.
_NUMBERED = re.compile(r"^\w*\d\w*$")
_ROMAN = re.compile(r"^(?=[ivxl]+$)(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$")


def designations(form: str) -> tuple[str, ...]:
    """The numbering words of a link form: words with a digit, and Roman numerals up to 89 that
    follow another word ("mix" or "civ" are words). A lone "i" is too often a word, except as a
    name's last word ("Super Bowl I" is not "Super Bowl LI", "Elizabeth I" not "Elizabeth II")."""
    words = [w for w in re.split(r"[\s\-/]+", form) if w]
    return tuple(w for i, w in enumerate(words) if _NUMBERED.match(w)
                 or (i > 0 and (w != "i" or i == len(words) - 1) and _ROMAN.match(w)))


def different_designations(a: str, b: str) -> bool:
    """Both link forms carry numbering words, and they differ: two things, not one spelled twice."""
    da, db = designations(a), designations(b)
    return bool(da) and bool(db) and da != db


@dataclass
class Link:
    method: Method
    row_id: object = None  # the matched row's identity (primary key), None when new/ambiguous
    matched: str | None = None  # the stored value that matched
    score: float = 1.0
    reason: str = ""

    @property
    def found(self) -> bool:
        return self.row_id is not None and self.method not in ("new", "ambiguous")


@dataclass
class ValueMemory:
    """Known values of one column -> row ids; grows as the batch inserts rows."""

    values: dict[str, list[object]] = field(default_factory=dict)
    _forms: dict[str, list[str]] = field(default_factory=dict)
    _choices: list[str] | None = None  # list(_forms) for rapidfuzz, kept up to date by add()

    def add(self, value: str, row_id: object) -> None:
        ids = self.values.setdefault(value, [])
        if row_id not in ids:
            ids.append(row_id)
        form = link_form(value)
        if form not in self._forms and self._choices is not None:
            self._choices.append(form)  # the order of list(_forms): forms are only ever added
        forms = self._forms.setdefault(form, [])
        if value not in forms:
            forms.append(value)

    def choices(self) -> list[str]:
        if self._choices is None:
            self._choices = list(self._forms)
        return self._choices

    def link(self, mention: str, *, use_embeddings: bool = True) -> Link:
        if mention in self.values:
            return self._unique("exact", mention, 1.0)
        candidates = self._forms.get(link_form(mention), [])
        if len(candidates) == 1:
            return self._unique("normalized", candidates[0], 1.0)
        if len(candidates) > 1:
            return Link("ambiguous", score=1.0, reason=f"{mention!r} matches several rows: {candidates[:5]}")
        untitled = HONORIFIC.sub("", mention)
        if untitled != mention and len(held := self._forms.get(link_form(untitled), [])) == 1:
            return self._unique("normalized", held[0], 1.0)  # "Sir Edmund Hillary" is the row "Edmund Hillary"
        placed = PLACE_AFTER.split(mention, maxsplit=1)[0]
        if placed != mention and len(held := self._forms.get(link_form(placed), [])) == 1:
            return self._unique("normalized", held[0], 1.0)  # "La Silla Observatory in Chile" is the row "La Silla Observatory"
        return self._fuzzy(mention, use_embeddings)

    def _unique(self, method: Method, value: str, score: float) -> Link:
        ids = self.values[value]
        if len(ids) > 1:
            return Link("ambiguous", matched=value, score=score, reason=f"{len(ids)} rows hold {value!r}")
        return Link(method, row_id=ids[0], matched=value, score=score)

    def _fuzzy(self, mention: str, use_embeddings: bool) -> Link:
        if not self._forms:
            return Link("new", score=0.0)
        form = link_form(mention)
        scored = process.extract(form, self.choices(), scorer=fuzz.ratio, limit=3, score_cutoff=FUZZY_REVIEW)
        scored = [hit for hit in scored if not different_designations(form, hit[0])]
        unmatched = Link("new", score=scored[0][1] / 100 if scored else 0.0)  # what every "nothing close" below returns
        edits = [(f, score, token_edits(form, f)) for f, score, _ in scored]
        linkable = [(f, score) for f, score, e in edits if e is not None and len(e) <= 1 and max(e, default=0) <= 1]
        if len(linkable) == 1 and linkable[0][1] >= FUZZY_LINK and len(self._forms[linkable[0][0]]) == 1:
            return self._unique("fuzzy", self._forms[linkable[0][0]][0], linkable[0][1] / 100)
        close = [(f, score) for f, score, e in edits if e is not None and len(e) <= 2 and max(e, default=0) <= 2]
        if close:
            return Link("ambiguous", score=close[0][1] / 100, reason=f"{mention!r} is close to {self._forms[close[0][0]][0]!r} ({close[0][1]:.0f})")
        if not use_embeddings:
            return unmatched
        # The encoder costs ~15 ms a name: ask it only about the stored names that share words
        # with the mention ("Aguilera, Christina"), the EMBED_CANDIDATES closest by words; names
        # with nothing in common never scored >= 0.88, so the whole column is never embedded.
        gated = process.extract(form, self.choices(), scorer=fuzz.token_set_ratio, score_cutoff=EMBED_GATE,
                                limit=EMBED_CANDIDATES)
        if not gated:
            return unmatched
        values = list(dict.fromkeys(v for f, _, _ in gated if not different_designations(form, f) for v in self._forms[f]))
        if not values:
            return unmatched
        return self._embedding(mention, scored[0][1] if scored else 0.0, values)

    def _embedding(self, mention: str, fuzzy_top: float, values: list[str]) -> Link:
        from text2db.integrators.embeddings import embed

        sims = embed(values) @ embed([mention])[0]
        order = np.argsort(-sims)[:2]
        top = float(sims[order[0]])
        second = float(sims[order[1]]) if len(order) > 1 else 0.0
        value = values[int(order[0])]
        if top >= EMBED_LINK and top - second >= 0.03 and fuzzy_top >= 60:
            return self._unique("embedding", value, top)
        if top >= EMBED_REVIEW:
            return Link("ambiguous", score=top, reason=f"{mention!r} may be {value!r} (similarity {top:.2f})")
        return Link("new", score=top)
