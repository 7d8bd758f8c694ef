"""Every value carries the span of the document it came from; values that cannot be found are rejected.

LLMs invent values and drop or change digits, so a value is accepted only when its text occurs
in the document (case and spacing folded) and every number in it appears in the evidence.
"""

from __future__ import annotations

import re

from text2db.integrators.normalize import DAY_ORDINALS
from text2db.schemas.events import Cell, Evidence, Scalar

_DIGITS = re.compile(r"\d+")
_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                     "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)}
# the number words read alone, as digits ("a four-stage rocket", "fifteen players a side", "won it
# twice"; not "once", which as often means "formerly")
NUMBER_WORDS = {w: str(i) for w, i in (_UNITS | _TENS | {"twice": 2, "thrice": 3}).items() if i >= 1}
_ORDINAL_UNITS = {w: n for w, n in DAY_ORDINALS.items() if n < 20}  # "first" to "nineteenth", as dates read them
_ORDINAL_TENS = {w.replace("y", "ieth"): i for w, i in _TENS.items()}  # "twentieth"
# "the sixteenth President", "the thirty-fifth": an ordinal in words stands for its number
ORDINAL = re.compile(rf"\b(?:(?P<tens>{'|'.join(_TENS)})[\s-]+)?(?P<last>{'|'.join([*_ORDINAL_UNITS, *_ORDINAL_TENS])})\b",
                     re.I)


def ordinal_numbers(quote: str) -> set[str]:
    """The numbers a quote's ordinal words stand for: "the thirty-fifth president" -> {"35"}."""
    found = set()
    for m in ORDINAL.finditer(quote):
        last = m.group("last").lower()
        unit = _ORDINAL_UNITS.get(last, 0)
        tens = _TENS[m.group("tens").lower()] if m.group("tens") and 0 < unit < 10 else 0  # "thirty-fifth"
        found.add(str(tens + (unit or _ORDINAL_TENS.get(last, 0))))
    return found


def fold(text: str) -> str:
    """Case and spacing folded, for comparing surface forms."""
    return re.sub(r"\s+", " ", text).casefold()


def evidence(text: str, start: int, end: int) -> Evidence:
    return Evidence(start=start, end=end, quote=text[start:end])


def locate(text: str, value: str, near: int = 0) -> Evidence | None:
    """The occurrence of `value` in `text` closest to `near`, matched with case and spacing folded."""
    value = value.strip()
    if not value:
        return None
    pattern = r"\s+".join(re.escape(part) for part in value.split())
    hits = [m for m in re.finditer(pattern, text, re.I)]
    if not hits:
        return None
    best = min(hits, key=lambda m: abs(m.start() - near))
    return evidence(text, best.start(), best.end())


def spelled_numbers(quote: str) -> set[str]:
    """The numbers a quote writes in words, as digits ("a four-stage rocket" -> {"4"},
    "four hundred and twenty-one metres" -> {"421"})."""
    cardinal = ORDINAL.sub(" ", quote)  # "thirty-fifth" is 35, not also 30
    return {NUMBER_WORDS[w] for w in re.findall(r"[a-z]+", cardinal.lower()) if w in NUMBER_WORDS} | {
        str(value) for _, _, value in number_phrases(cardinal)} | ordinal_numbers(quote)


_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_NUMBER_WORD = "|".join(sorted([*_UNITS, *_TENS, *_SCALES], key=len, reverse=True))
# two or more number words in a row ("four hundred and twenty-one", "nineteen seventy-eight")
NUMBER_PHRASE = re.compile(rf"(?<![\w-])(?:{_NUMBER_WORD})(?:(?:\s+and\s+|[\s-]+)(?:{_NUMBER_WORD}))+(?![\w-])", re.I)


def number_phrases(text: str) -> list[tuple[int, int, int]]:
    """(start, end, value) of every number written in two or more words: "four hundred and
    twenty-one" is 421, "two thousand and five" 2005, and a year read in two halves,
    "nineteen seventy-eight", 1978. A phrase that is no number ("three four") is left out."""
    found = []
    for m in NUMBER_PHRASE.finditer(text):
        value = _phrase_value([w for w in re.split(r"[\s-]+", m.group(0).lower()) if w != "and"])
        if value is not None:
            found.append((m.start(), m.end(), value))
    return found


def _phrase_value(words: list[str]) -> int | None:
    """The value of number words without their "and"s, or None where they make no number."""
    items: list[int | str] = []  # values below a hundred ("seventy" "eight" is one) and scale words
    for word in words:
        small = _UNITS.get(word, _TENS.get(word))
        if small is None:
            items.append(word)  # a scale word: NUMBER_PHRASE takes no other
        elif items and isinstance(items[-1], int) and items[-1] in _TENS.values() and 0 < small < 10:
            items[-1] += small
        else:
            items.append(small)
    groups = [i for i in items if isinstance(i, int)]
    if len(groups) == len(items):  # no scale word: one number, or a year in two halves
        if len(groups) == 2 and 10 <= groups[0] and 10 <= groups[1]:
            return groups[0] * 100 + groups[1]
        return groups[0] if len(groups) == 1 else None
    total = current = 0
    previous: int | str | None = None
    for item in items:
        if isinstance(item, int):
            if isinstance(previous, int):
                return None  # "three four hundred"
            current += item
        elif current == 0:
            return None  # "hundred" with nothing before it in the phrase
        elif item == "hundred":
            current *= 100
        else:
            total, current = total + current * _SCALES[item], 0
        previous = item
    return total + current


def _spelled_in(value: str, quote: str) -> bool:
    """The value is the quote's number written in words, with the quote's other words: "5" in
    "five movements", "421 metres" in "four hundred and twenty-one metres"."""
    numbers = _DIGITS.findall(value)
    rest = _DIGITS.sub(" ", value).split()
    return bool(numbers) and set(numbers) <= spelled_numbers(quote) and all(fold(w) in fold(quote) for w in rest)


def numbers_agree(value: Scalar, quote: str) -> bool:
    """Every digit group of the value occurs in the quote, in digits or in words (catches '1997'
    becoming '1979')."""
    quoted = set(_DIGITS.findall(quote)) | spelled_numbers(quote)
    return all(d in quoted or d.lstrip("0") in {q.lstrip("0") for q in quoted} for d in _DIGITS.findall(str(value)))


def rejection(text: str, cell: Cell, labels: frozenset[str] = frozenset()) -> str | None:
    """Why a cell is not grounded in `text`, or None when it is.

    A classification value is one of the column's `labels`, not a quote: its evidence is the
    context it was chosen from, so only the span itself is checked.
    """
    ev = cell.evidence
    if ev is None:
        return "no evidence"
    if not (0 <= ev.start <= ev.end <= len(text)) or text[ev.start:ev.end] != ev.quote:
        return "evidence not in document"
    if cell.value is None or (isinstance(cell.value, str) and cell.value in labels):
        return None
    if isinstance(cell.value, str) and fold(cell.value) not in fold(ev.quote) and not _spelled_in(cell.value, ev.quote):
        return "value not in evidence"
    if not numbers_agree(cell.value, ev.quote):
        return "number not in evidence"
    return None


def grounded(text: str, cells: list[Cell], labels: dict[str, list[str]] | None = None) -> tuple[list[Cell], list[str]]:
    """Keep the grounded cells; return the reasons of the others."""
    kept, reasons = [], []
    for cell in cells:
        reason = rejection(text, cell, frozenset((labels or {}).get(cell.column, [])))
        (reasons.append(f"{cell.column}: {reason}") if reason else kept.append(cell))
    return kept, reasons
