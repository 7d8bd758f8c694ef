"""What a column means from its own name: words, units and suffixes (no lexicon needed).

`runway_length_m` -> words "runway length", unit "m" (metres), a number;
`number_of_members` / `member_count` -> a count; `completion_year` -> a year;
`city_served_id` -> a reference to what is served. The planner asks extractors with the
question built here; a lexicon (planner/lexicon.py) may add a better phrasing when it knows
the whole name, never when it only knows one of its words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from text2db.schemas.plan import ValueType

# name token -> (unit written in ValueFormat.unit, words for the question)
UNITS: dict[str, tuple[str, str]] = {
    "m": ("m", "metres"), "metres": ("m", "metres"), "meters": ("m", "metres"),
    "km": ("km", "kilometres"), "cm": ("cm", "centimetres"), "mm": ("mm", "millimetres"),
    "ft": ("ft", "feet"), "feet": ("ft", "feet"), "mi": ("mi", "miles"), "miles": ("mi", "miles"),
    "m2": ("m2", "square metres"), "sqm": ("m2", "square metres"), "km2": ("km2", "square kilometres"),
    "sqkm": ("km2", "square kilometres"), "ha": ("ha", "hectares"), "acres": ("acre", "acres"),
    "kg": ("kg", "kilograms"), "g": ("g", "grams"), "t": ("t", "tonnes"), "lb": ("lb", "pounds"),
    "lbs": ("lb", "pounds"), "l": ("l", "litres"), "ml": ("ml", "millilitres"),
    "s": ("s", "seconds"), "sec": ("s", "seconds"), "secs": ("s", "seconds"), "seconds": ("s", "seconds"),
    "min": ("min", "minutes"), "mins": ("min", "minutes"), "minutes": ("min", "minutes"),
    "h": ("h", "hours"), "hrs": ("h", "hours"), "hours": ("h", "hours"),
    "kmh": ("km/h", "kilometres per hour"), "kph": ("km/h", "kilometres per hour"), "mph": ("mph", "miles per hour"),
    "c": ("C", "degrees Celsius"), "celsius": ("C", "degrees Celsius"), "f": ("F", "degrees Fahrenheit"),
    "pct": ("%", "per cent"), "percent": ("%", "per cent"), "percentage": ("%", "per cent"),
    "usd": ("USD", "US dollars"), "eur": ("EUR", "euros"), "gbp": ("GBP", "pounds sterling"),
    "kw": ("kW", "kilowatts"), "mw": ("MW", "megawatts"), "hp": ("hp", "horsepower"),
}
REFERENCE_SUFFIXES = ("id", "fk", "ref", "key")
COUNT_PREFIXES = (("number", "of"), ("no", "of"), ("num",), ("n",), ("count", "of"), ("total",))
COUNT_SUFFIXES = ("count", "total", "num")
BOOLEAN_PREFIXES = ("is", "has", "was", "can", "does", "allows", "accepts")
DATE_WORDS = ("date", "day", "on", "at")


@dataclass(frozen=True)
class NameMeaning:
    """What a column name says by itself."""

    words: str  # the name's words without unit and reference suffix ("runway length")
    question: str  # how to ask for it ("runway length (in metres)")
    value_type: ValueType | None  # None: the name does not say
    unit: str | None = None
    reference: bool = False  # named like a foreign key ("city_served_id")
    count: bool = False
    per_unit: bool = False  # a density or rate: value per unit (population_density_km2)
    entity_types: tuple[str, ...] = ()


def split_words(identifier: str) -> list[str]:
    """`runwayLength_m`, `runway-length m` -> ['runway', 'length', 'm']."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", identifier)
    spaced = re.sub(r"(?<=[A-Za-z])(?=\d{2,})", " ", spaced)  # "area2020" but not "km2"
    return [t for t in re.split(r"[^A-Za-z0-9]+", spaced.lower()) if t]


def read_name(column: str) -> NameMeaning:
    tokens = split_words(column)
    if not tokens:
        return NameMeaning(words=column, question=column, value_type=None)
    reference = len(tokens) > 1 and tokens[-1] in REFERENCE_SUFFIXES
    if reference:
        tokens = tokens[:-1]
    unit = None
    if len(tokens) > 1 and tokens[-1] in UNITS:
        unit_token = tokens.pop()
        unit, unit_words = UNITS[unit_token]
        if len(tokens) > 1 and tokens[-1] == "per":  # "cost_per_kg"
            tokens.pop()
    else:
        unit_words = ""
    count = False
    for prefix in COUNT_PREFIXES:
        if len(tokens) > len(prefix) and tuple(tokens[: len(prefix)]) == prefix:
            tokens, count = tokens[len(prefix):], True
            break
    if not count and len(tokens) > 1 and tokens[-1] in COUNT_SUFFIXES:
        tokens, count = tokens[:-2] + [_plural(tokens[-2])], True
    words = " ".join(tokens)
    per_unit = unit is not None and tokens[-1] in ("density", "rate", "per", "price", "cost", "speed")
    value_type: ValueType | None = None
    entity_types: tuple[str, ...] = ()
    if count:
        value_type, entity_types = "integer", ("CARDINAL",)
        question = f"number of {words}"
    elif unit is not None:
        value_type, entity_types = "number", ("QUANTITY", "CARDINAL")
        question = f"{words} ({'per' if per_unit else 'in'} {_singular_unit(unit_words) if per_unit else unit_words})"
    else:
        question = words
        if "year" in tokens:
            value_type, entity_types = "year", ("DATE",)
        elif tokens[-1] in DATE_WORDS and len(tokens) > 1 or tokens[0] == "date" or tokens == ["date"]:
            value_type, entity_types = "date", ("DATE",)
        elif tokens[0] in BOOLEAN_PREFIXES and len(tokens) > 1:
            value_type = "boolean"
            question = f"whether it {' '.join(tokens)}".replace("whether it is ", "whether it is ")
        elif tokens[-1] in ("flag",):
            value_type = "boolean"
    return NameMeaning(words=words, question=question, value_type=value_type, unit=unit, reference=reference,
                       count=count, per_unit=per_unit, entity_types=entity_types)


def _plural(word: str) -> str:
    if word.endswith("s"):
        return word
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + ("es" if word.endswith(("ch", "sh", "x")) else "s")


def _singular_unit(unit_words: str) -> str:
    return {"square kilometres": "square kilometre", "square metres": "square metre", "kilograms": "kilogram",
            "metres": "metre", "kilometres": "kilometre", "hours": "hour", "litres": "litre",
            "grams": "gram", "tonnes": "tonne", "miles": "mile", "feet": "foot"}.get(unit_words, unit_words)


def phrases(column: str) -> set[str]:
    """Ways an instruction may name the column: its words with and without unit, count and
    reference parts ('elevation' for `elevation_m`, 'members' for `number_of_members`)."""
    tokens = split_words(column)
    meaning = read_name(column)
    forms = {column.lower(), " ".join(tokens), meaning.words}
    if meaning.count:
        forms |= {f"number of {meaning.words}", f"{meaning.words} count", f"count of {meaning.words}"}
    return {f for f in forms if f}
