"""Learn how a column's values are written from a sample of existing rows.

The integrators normalize extracted values to this format, so new cells look like the old
ones ("5 August 1997" stored as "1997-08-05" when the column holds ISO dates).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache

from text2db.schemas.plan import ValueFormat, ValueType

# Tried in this order; the first that parses (nearly) every sampled value wins.
DATE_PATTERNS = (
    "%Y-%m-%d",
    "%d %B %Y",
    "%B %d, %Y",
    "%d %b %Y",
    "%b %d, %Y",
    "%Y/%m/%d",
    "%d/%m/%Y",
    "%m/%d/%Y",
    "%d.%m.%Y",
    "%B %Y",
    "%Y-%m",
)
MIN_SHARE = 0.8  # share of sampled values that must fit a format before we believe it
YEAR_RANGE = (1000, 2200)


@lru_cache(maxsize=1)
def country_names() -> frozenset[str]:
    """Lower-cased country names pycountry knows (official, common and plain names)."""
    import pycountry

    names: set[str] = set()
    for c in pycountry.countries:
        for attr in ("name", "common_name", "official_name"):
            value = getattr(c, attr, None)
            if value:
                names.add(value.lower())
    names.update({"united states", "united kingdom", "russia", "south korea", "north korea", "iran",
                  "vietnam", "syria", "taiwan", "bolivia", "venezuela", "tanzania", "laos", "moldova",
                  "soviet union", "czechoslovakia", "yugoslavia", "east germany", "west germany"})
    return frozenset(names)


def _share(values: Sequence[str], test) -> float:
    return sum(1 for v in values if test(v)) / len(values) if values else 0.0


def _parses(pattern: str):
    def test(value: str) -> bool:
        try:
            datetime.strptime(value.strip(), pattern)
        except ValueError:
            return False
        return True

    return test


def _padding(pattern: str, values: Sequence[str]) -> str:
    """The pattern as the values write day and month numbers: '4 August 1983' is '%-d %B %Y'
    (strptime reads both; strftime must write what the table has)."""
    unpadded = pattern.replace("%d", "%-d").replace("%m", "%-m")
    if unpadded == pattern:
        return pattern

    def written_as(fmt: str, value: str) -> bool:
        try:
            return datetime.strptime(value.strip(), pattern).strftime(fmt) == value.strip()
        except ValueError:
            return False

    padded_hits = sum(written_as(pattern, v) for v in values)
    unpadded_hits = sum(written_as(unpadded, v) for v in values)
    return unpadded if unpadded_hits > padded_hits else pattern


def _is_year(value: str) -> bool:
    text = value.strip()
    return text.lstrip("-").isdigit() and YEAR_RANGE[0] <= int(text) <= YEAR_RANGE[1]


def _is_number(value: str) -> bool:
    try:
        float(value.replace(",", ""))
    except ValueError:
        return False
    return True


def _casing(values: Sequence[str]) -> str:
    letters = [v for v in values if any(ch.isalpha() for ch in v)]
    if letters and all(v == v.upper() for v in letters):
        return "upper"
    if letters and all(v == v.lower() for v in letters):
        return "lower"
    return "as_is"


def learn_format(values: Sequence[str], value_type: ValueType) -> tuple[ValueFormat, ValueType]:
    """The format the sampled values share, and the value type it implies.

    `value_type` comes from the SQL type; a TEXT column of ISO dates becomes a date column, an
    INTEGER column of years a year column.
    """
    values = [v for v in values if v is not None and str(v).strip() != ""]
    examples = list(dict.fromkeys(values))[:5]
    if not values:
        return ValueFormat(kind=_default_kind(value_type)), value_type
    if value_type in ("integer", "number", "year"):
        if _share(values, _is_year) >= 1.0 and all("." not in v for v in values):
            return ValueFormat(kind="year", examples=examples), "year"
        return ValueFormat(kind=value_type if value_type != "year" else "integer", examples=examples), value_type
    if value_type == "boolean":
        return ValueFormat(kind="boolean", examples=examples), "boolean"
    if value_type == "date":
        return ValueFormat(kind="date", pattern="%Y-%m-%d", examples=examples), "date"
    if _share(values, _is_year) >= MIN_SHARE:
        return ValueFormat(kind="year", examples=examples), "year"
    for pattern in DATE_PATTERNS:
        if _share(values, _parses(pattern)) >= MIN_SHARE:
            return ValueFormat(kind="date", pattern=_padding(pattern, values), examples=examples), "date"
    if _share(values, _is_number) >= 1.0:
        return ValueFormat(kind="number", examples=examples), "number"
    if _share(values, lambda v: v.strip().lower() in country_names()) >= MIN_SHARE:
        return ValueFormat(kind="country", style="common_name", examples=examples), "text"
    return ValueFormat(kind="text", casing=_casing(values), examples=examples), "text"


def _default_kind(value_type: ValueType) -> str:
    return {"integer": "integer", "number": "number", "date": "date", "year": "year", "boolean": "boolean"}.get(
        value_type, "text"
    )


def label_set(values: Sequence[str], sampled_rows: int, max_labels: int = 12) -> list[str] | None:
    """A small closed set of values repeated across rows (a classification column), or None.

    Large samples: at most `max_labels` values, each used by four rows on average. Small tables
    (10-20 rows) cannot show that much repetition, so there the set must be of short values
    (a few words, no sentence), used by 1.5 rows each on average with at least one repeated,
    and mostly not numbers; a column of names that merely repeat is rarer than it looks, so
    at most half the values may look like multi-word proper names ('Atlantic', 'Nettwerk',
    'Universal Island Records' are record labels, an open set of names).
    """
    present = [v.strip() for v in values if v not in (None, "") and str(v).strip()]
    distinct = sorted(set(present))
    if not 2 <= len(distinct) <= max_labels:
        return None
    if len(present) >= 20 and sampled_rows >= 20 and len(distinct) <= 0.25 * len(present):
        return distinct
    if {v.lower() for v in distinct} <= BOOLEAN_WORDS:
        return distinct  # yes/no, true/false: a closed set however few rows show it
    if len(present) < 3 or len(present) < 1.5 * len(distinct) or max(Counter(present).values()) < 2:
        return None
    if any(len(v) > 30 or len(v.split()) > 4 or v.endswith(".") for v in distinct):
        return None
    if sum(_is_number(v) for v in distinct) > len(distinct) / 2:
        return None
    if sum(_proper_name(v) for v in distinct) >= len(distinct) / 2:
        return None
    return distinct


BOOLEAN_WORDS = {"yes", "no", "y", "n", "true", "false"}


def closed_label_set(values: Sequence[str], sampled_rows: int) -> bool:
    """Whether a label set's sample shows every label there is: yes/no words, or at least 20
    rows in which every label occurs twice or more. A label seen once says the sample has not
    run out of labels (the unseen share is about the share of labels seen once), and 15 rows
    showing "cheap" and "moderate" say nothing about "high"."""
    present = [v.strip() for v in values if v not in (None, "") and str(v).strip()]
    if present and {v.lower() for v in present} <= BOOLEAN_WORDS:
        return True
    return len(present) >= 20 and sampled_rows >= 20 and min(Counter(present).values()) >= 2


def _proper_name(value: str) -> bool:
    """'Crowne Plaza Hotel', 'Arsenal F.C.': two or more capitalized words."""
    tokens = value.split()
    return len(tokens) >= 2 and all(t[:1].isupper() or not t[:1].isalpha() for t in tokens)


SCALE_WORDS = {"thousand": 1e-3, "thousands": 1e-3, "k": 1e-3, "million": 1e-6, "millions": 1e-6, "mn": 1e-6,
               "m": 1e-6, "billion": 1e-9, "billions": 1e-9, "bn": 1e-9}
UNIT_WORDS = {"usd": "USD", "dollars": "USD", "eur": "EUR", "euros": "EUR", "gbp": "GBP", "km": "km", "kg": "kg",
              "m2": "m2", "percent": "%", "pct": "%", "minutes": "min", "min": "min", "seconds": "s"}


MONEY_WORDS = {"revenue", "budget", "gross", "sales", "price", "cost", "income", "profit", "funding", "assets",
               "value", "valuation", "earnings", "salary", "spend", "spending", "capital", "usd", "eur", "gbp"}


def scale_and_unit(column: str) -> tuple[float, str | None]:
    """'revenue_usd_millions' -> (1e-6, 'USD'): numbers are stored in millions of dollars, so a
    parsed '$714 million' (714000000) is multiplied by 1e-6 before it is written.
    A trailing measurement unit ('height_m', 'surface_km2') is the unit, not a scale: 'm' is
    millions only next to a money word ('revenue_m')."""
    from text2db.planner.names import read_name

    tokens = [t for t in column.lower().replace("-", "_").replace(" ", "_").split("_") if t]
    money = any(t in MONEY_WORDS for t in tokens)
    scale_words = {k: v for k, v in SCALE_WORDS.items() if money or k != "m"}
    scale = next((scale_words[t] for t in tokens[1:] if t in scale_words), 1.0)
    unit = next((UNIT_WORDS[t] for t in tokens if t in UNIT_WORDS), None)
    if not money or unit is None:
        unit = read_name(column).unit or unit
    return scale, unit
