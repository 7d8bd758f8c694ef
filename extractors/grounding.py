"""Every value carries the span of the document it came from; values that cannot be found are rejected.

LLMs invent values and drop or change digits, so a value is accepted only when its text occurs
in the document (case and spacing folded) and every number in it appears in the evidence.
"""

from __future__ import annotations

import re

from text2db.schemas.events import Cell, Evidence, Scalar

_DIGITS = re.compile(r"\d+")
NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
                "nine": "9", "ten": "10", "eleven": "11", "twelve": "12"}


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
    """The numbers a quote writes in words, as digits ("a four-stage rocket" -> {"4"})."""
    return {NUMBER_WORDS[w] for w in re.findall(r"[a-z]+", quote.lower()) if w in NUMBER_WORDS}


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
    if isinstance(cell.value, str) and fold(cell.value) not in fold(ev.quote) and cell.value not in spelled_numbers(ev.quote):
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
