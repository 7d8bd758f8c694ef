"""How a table writes names and templated values, learned from its existing rows, so that a value
taken from a text is written as the database writes it (benchmarks and users compare exact strings):

- **initials**: a text that writes "Alan B Miller Hall" or "J P McManus" meets a database of
  "Alan B. Miller Hall". English writes an initial with a period; a table whose own values write
  bare initials more often than dotted ones keeps the bare form.
- **two names in one**: "Addis Ababa Stadium and Addis Ababa City Hall" read as one key ("X and Y
  are both in Addis Ababa") is two rows, unless the column's names hold "and" themselves.
- **a leading "the"**: "the United States" read mid-sentence, for a column none of whose values
  starts with "the" ("United States"); a column of "The Phoenix", "The Cricketers" keeps it.
- **a capital first letter**: "yellow fever vaccine" read mid-sentence, for a column whose values
  all start with a capital or a digit ("BCG vaccine", "Smallpox vaccine").
- **number templates**: a column whose numeric values share one wording ("1 out of 5", "5 out of 5")
  writes a new value with the same numbers in that wording ("3 of 5" -> "3 out of 5"); a label set
  that holds "5 out of 5" also holds "1 out of 5" (templated_labels, template_label).

Pure functions: `formats.ColumnConventions` reads the existing values once per plan version.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

_DOTTED = re.compile(r"(?<![\w.])[A-Z]\.(?=\s?[A-Z])")  # "B. Miller", "J.P."
_BARE = re.compile(r"(?<![\w.])[A-Z](?= [A-Z])")  # "B Miller" (also "A Christmas": counted, not rewritten)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_WORD = re.compile(r"[^\W\d_]+")
MIN_TEMPLATE_VALUES = 2  # existing values that must share a number template before it is imposed


def writes_bare_initials(values: Iterable[str]) -> bool:
    """The values write initials without a period more often than with one ("J P Morgan")."""
    dotted = bare = 0
    for v in values:
        dotted += len(_DOTTED.findall(v))
        bare += sum(1 for m in _BARE.finditer(v) if m.group() not in "AI")
    return bare > dotted


def dot_initials(value: str) -> str:
    """'Alan B Miller Hall' -> 'Alan B. Miller Hall', 'Robert A M Stern' -> 'Robert A. M. Stern'.
    A lone capital letter followed by a capitalized word is an initial; "A" and "I" are words too
    ("A Christmas Carol"), so they count only beside another initial."""
    words = value.split(" ")
    if len(words) < 2:
        return value

    def single(i: int) -> bool:
        return 0 <= i < len(words) and len(words[i]) == 1 and words[i].isupper()

    out = list(words)
    for i, w in enumerate(words):
        if not single(i) or i + 1 >= len(words) or not words[i + 1][:1].isupper():
            continue
        if w in "AI" and not (single(i - 1) or single(i + 1)):
            continue
        out[i] = w + "."
    return " ".join(out)


def drop_leading_the(value: str, values: Iterable[str]) -> str:
    """'the United States' -> 'United States' when no existing value (at least five) starts with "the"."""
    if not value.startswith("the ") or len(value) < 6:
        return value
    existing = [v for v in values if v]
    if len(existing) < 5 or any(v[:4].lower() == "the " for v in existing):
        return value
    return value[4:]


def capitalized_first(value: str, values: Iterable[str]) -> str:
    """'yellow fever vaccine' -> 'Yellow fever vaccine' where every existing value (at least three)
    starts with a capital or a digit ("BCG vaccine", "Smallpox vaccine"): a text writes a name
    mid-sentence in lower case that the table writes as its rows' names. A word with a later capital
    ("iPhone", "eBay") is written as it is."""
    if not value[:1].islower() or len(value) < 2 or any(c.isupper() for c in value.split()[0][1:]):
        return value
    existing = [v for v in values if v]
    if len(existing) < 3 or not all(v[:1].isupper() or v[:1].isdigit() for v in existing):
        return value
    return value[0].upper() + value[1:]


_TWO_NAMES = re.compile(r"([A-Z][^,;]*?) and ([A-Z][^,;]*)")


def coordinated_names(value: str, values: Iterable[str]) -> list[str]:
    """['Addis Ababa Stadium', 'Addis Ababa City Hall'] for 'Addis Ababa Stadium and Addis Ababa City
    Hall': two capitalized names of two words or more each, in a column whose values (at least
    five) never join names with "and". One-word parts are titles ("Pride and Prejudice"); []
    when the value is one name."""
    m = _TWO_NAMES.fullmatch(value)
    if m is None or any(len(part.split()) < 2 or " and " in part for part in m.groups()):
        return []
    existing = [v for v in values if v]
    if len(existing) < 5 or any(" and " in v or " & " in v for v in existing):
        return []
    return [m.group(1), m.group(2)]


def number_template(values: Iterable[str]) -> dict[int, str]:
    """Per count of numbers, the one wording the column's numeric values share ("# out of #"),
    when at least MIN_TEMPLATE_VALUES values have it and no other wording has that many numbers."""
    shapes: dict[int, Counter[str]] = {}
    for v in values:
        count = len(_NUMBER.findall(v))
        if count and _WORD.search(v):
            shapes.setdefault(count, Counter())[_NUMBER.sub("#", v)] += 1
    return {count: next(iter(c)) for count, c in shapes.items()
            if len(c) == 1 and next(iter(c.values())) >= MIN_TEMPLATE_VALUES}


def in_template(value: str, templates: dict[int, str]) -> str:
    """`value` written in its column's template: the same numbers, in order, in the template's
    words. Only words are added ("1 of 5" -> "1 out of 5"); a value with other words is left alone."""
    numbers = _NUMBER.findall(value)
    template = templates.get(len(numbers))
    if template is None or _NUMBER.sub("#", value) == template:
        return value
    words = {w.lower() for w in _WORD.findall(value)}
    if not words or not words <= {w.lower() for w in _WORD.findall(template)}:
        return value  # "£20-25" is not a wording of "# out of #"; "1 star of 5" has a word of its own
    return _fill(template.split("#"), numbers)


_NUMBER_GROUP = r"(\d+(?:[.,]\d+)?)"


def _template_pattern(label: str) -> re.Pattern[str] | None:
    """'5 out of 5' -> a pattern for '<number> out of <number>'; None for a label without numbers."""
    parts = _NUMBER.split(label)
    if len(parts) < 2:
        return None
    escaped = [re.sub(r"\\ ", r"\\s+", re.escape(p)) for p in parts]
    return re.compile(_NUMBER_GROUP.join(escaped), re.IGNORECASE)


def templated_labels(text: str, labels: Iterable[str]) -> list[tuple[int, int, str]]:
    """(start, end, value) of every place `text` writes one of the labels' number templates with
    other numbers: labels '5 out of 5' and 'average' find '1 out of 5' -> '1 out of 5'. A label set
    read from existing rows holds the numbers those rows happen to have, not every rating."""
    out = []
    for label in labels:
        pattern = _template_pattern(label)
        if pattern is None:
            continue
        for m in pattern.finditer(text):
            if not (m.start() and text[m.start() - 1].isalnum()) and not (m.end() < len(text) and text[m.end()].isalnum()):
                out.append((m.start(), m.end(), _fill(_NUMBER.split(label), list(m.groups()))))
    return out


def template_label(value: str, labels: Iterable[str]) -> str | None:
    """`value` as a label when it is a label's number template with other numbers ("1 out of 5"
    among "5 out of 5", "average"), written as the label writes it; else None."""
    for label in labels:
        pattern = _template_pattern(label)
        m = pattern.fullmatch(value.strip()) if pattern is not None else None
        if m:
            return _fill(_NUMBER.split(label), list(m.groups()))
    return None


def _fill(parts: list[str], numbers: list[str]) -> str:
    """The template's words (`parts`, split where its numbers go) around `numbers`."""
    return "".join(p + n for p, n in zip(parts, numbers)) + parts[-1]


def labels_regex(labels: Iterable[str]) -> str | None:
    """A full-match pattern for a label set with numbered labels: the labels themselves and their
    templates with any numbers (the integrity check of such a column); None without numbered labels."""
    labels = list(labels)
    templates = [p.pattern.replace(_NUMBER_GROUP, "(?:" + _NUMBER_GROUP[1:]) for lb in labels if (p := _template_pattern(lb)) is not None]
    if not templates:
        return None
    return "^(?:" + "|".join([re.escape(lb) for lb in labels] + templates) + ")$"
