"""Surface-text helpers shared by the rule tools: dates, proper-noun phrases, segments.

Pure functions over the raw document text (character offsets), so every value they return is
a span of the document by construction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from text2db.integrators.normalize import DAY_ORDINAL

MONTHS = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)"
)
YEAR = r"(?:1[0-9]{3}|20[0-9]{2})"
DATE = re.compile(
    rf"(?:{YEAR}-\d{{2}}-\d{{2}}(?!\d)|(?<![\d.])\d{{1,2}}[./]\d{{1,2}}[./]{YEAR}(?!\d)"  # "1968-09-28", "28.9.1968"
    rf"|(?:the\s+)?{DAY_ORDINAL}\s+(?:of\s+)?{MONTHS},?\s+{YEAR}"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTHS},?\s+{YEAR}"
    rf"|{MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?\s*,?\s*{YEAR}"
    rf"|{MONTHS},?\s+{YEAR}"
    rf"|{YEAR}(?!\d)(?![–-]\d{{2}}\b))"
)
_DATE_LEAD = re.compile(r"(?:(?:on|in|during|around|about|circa|c\.|by|from|the year|early|late|mid)\s+)*", re.I)
_TOKEN = re.compile(r"[\w][\w'’&.\-]*|[^\w\s]")
CONNECTORS = {"of", "de", "du", "des", "la", "le", "von", "van", "der", "den", "di", "da", "del", "y", "the", "for", "on", "upon", "am"}
_DATE_WORD = re.compile(rf"(?:{MONTHS}|\d{{1,2}}(?:st|nd|rd|th)?)")  # what opens a date: "on October 30", "on 6th May"
ABBREV_OK = re.compile(r"^(?:[A-Z]\.)+$|^(?:St|Jr|Sr|Mt|Ft|Dr|Co|Inc|Ltd|Corp)\.$")
SEGMENT_BREAK = re.compile(r"\n{3,}")


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


def date_at(text: str, pos: int, window: int = 25) -> Span | None:
    """A date starting at `pos` (after an optional 'on', 'in'...), else None."""
    lead = _DATE_LEAD.match(text, pos)
    start = lead.end() if lead else pos
    m = DATE.match(text, start)
    if m is None or m.start() - pos > window:
        return None
    return Span(m.start(), m.end(), m.group(0).strip())


def dates_in(text: str, start: int, end: int) -> list[Span]:
    return [Span(m.start(), m.end(), m.group(0)) for m in DATE.finditer(text, start, end)]


def _tokens(text: str, pos: int, limit: int = 200) -> list[tuple[int, int, str]]:
    end = min(len(text), pos + limit)
    out = []
    for m in _TOKEN.finditer(text, pos, end):
        tok = m.group(0)
        if tok.endswith(".") and not ABBREV_OK.match(tok):
            tok = tok[:-1]
        out.append((m.start(), m.start() + len(tok), tok))
    return out


def _capitalized(tok: str) -> bool:
    return tok[:1].isupper() or (tok[:1].isdigit() and any(c.isalpha() for c in tok))


def proper_phrase_at(text: str, pos: int, skip_words: int = 0, skip: set[str] | None = None) -> Span | None:
    """The capitalized name starting at `pos` ("Norwegian Military Academy", "Mladá Boleslav").

    Up to `skip_words` leading lowercase words (and words in `skip`, e.g. demonyms) are passed
    over first, so "by American singer Christina Aguilera" yields "Christina Aguilera".
    """
    toks = _tokens(text, pos)
    i, skipped = 0, 0
    while i < len(toks):
        tok = toks[i][2]
        if "\n" in text[toks[i - 1][1] if i else pos:toks[i][0]]:
            return None
        if skip and tok.lower() in skip and i + 1 < len(toks):
            i += 1
        elif tok[:1].isalpha() and tok[:1].islower() and skipped < skip_words:
            i, skipped = i + 1, skipped + 1
        else:
            break
    if i >= len(toks) or not _capitalized(toks[i][2]):
        return None
    first = last = i
    j = i + 1
    while j < len(toks):
        tok = toks[j][2]
        gap = text[toks[j - 1][1]:toks[j][0]]
        if "\n" in gap or len(gap) > 2 or gap.strip():
            break
        if _capitalized(tok) and tok not in {"I"}:
            last = j
            if re.search(r"['’]s?$", tok):  # "Tom Clancy's novel": the name stops at the possessive
                break
        elif tok.lower() in CONNECTORS and j + 1 < len(toks) and _capitalized(toks[j + 1][2]) \
                and not _DATE_WORD.fullmatch(toks[j + 1][2]):  # "Edinburgh on 6th May 1953": the place ends
            pass
        elif tok in {"-", "'s", "&"} and j + 1 < len(toks) and _capitalized(toks[j + 1][2]):
            pass
        else:
            break
        j += 1
    start, end = toks[first][0], toks[last][1]
    possessive = re.search(r"\s?['’]s?$", text[start:end])
    if possessive and possessive.start() > 0:
        end = start + possessive.start()
    return Span(start, end, text[start:end])


# "the Bavarian town of Erlangen", "the small Illinois village of Tampico": a name before a common
# noun and "of" says what kind of that noun; the name after "of" is the thing itself
# (one noun: "Barack Obama is leader of United States" has a verb between the names)
_NOUN_OF = re.compile(r"\s+(?!(?:is|was|are|were|be|been|being|am|has|had|have|becomes?|became|remains?|remained|"
                      r"and|or|but|then|also|now|one|part|all|each|some|most|many|both)\s)[a-z]+\s+of\s+(?=[A-Z])")
_OF_NAME = re.compile(r"\s+of\s+(?=[A-Z])")  # after a span that ends in the noun ("Bavarian town")


def named_after_of(text: str, span: Span) -> Span | None:
    """The name `span` modifies through "<noun> of <Name>" ("Bavarian" -> Erlangen), or that a
    span ending in the noun stands for ("Bavarian town" -> Erlangen); None where none follows."""
    m = _NOUN_OF.match(text, span.end)
    if m is None and span.text.split()[-1:] and span.text.split()[-1].islower():
        m = _OF_NAME.match(text, span.end)
    return proper_phrase_at(text, m.end()) if m else None


def segments(text: str) -> list[tuple[int, str]]:
    """Split a job's text into its documents (TEXT2DB separates them with blank lines)."""
    out, pos = [], 0
    for m in SEGMENT_BREAK.finditer(text):
        if text[pos:m.start()].strip():
            out.append((pos, text[pos:m.start()]))
        pos = m.end()
    if text[pos:].strip():
        out.append((pos, text[pos:]))
    return out


def chunks(offset: int, text: str, size: int) -> list[tuple[int, str]]:
    """Cut a long segment at sentence ends near `size` characters; offsets stay global."""
    if len(text) <= size:
        return [(offset, text)]
    out, pos = [], 0
    while pos < len(text):
        cut = min(len(text), pos + size)
        if cut < len(text):
            stop = text.rfind(". ", pos + size // 2, cut)
            cut = stop + 2 if stop > 0 else cut
        out.append((offset + pos, text[pos:cut]))
        pos = cut
    return out
