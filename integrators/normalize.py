"""Pure functions that rewrite a surface value ("5 August 1997", "$714 million", "American")
in its column's format (schemas.plan.ValueFormat). Benchmarks and users compare values as
exact strings, so the output must match how existing rows are written; when that is not
possible the value raises `Unnormalizable` and goes to review instead of the table.
"""

from __future__ import annotations

import calendar
import re
import unicodedata
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from price_parser import Price
from rapidfuzz import fuzz, process

from text2db.integrators.countries import country_name
from text2db.integrators.exceptions import Unnormalizable
from text2db.integrators.textstyle import template_label
from text2db.schemas.events import Scalar
from text2db.schemas.plan import ValueFormat

SCALE_WORDS = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mn": 1e6, "mio": 1e6,
               "billion": 1e9, "bn": 1e9, "b": 1e9, "trillion": 1e12, "tn": 1e12}
# Linear conversions to a base unit per dimension; only what documents commonly state.
UNITS = {"m": ("length", 1.0), "km": ("length", 1000.0), "cm": ("length", 0.01), "mm": ("length", 0.001),
         "mi": ("length", 1609.344), "miles": ("length", 1609.344), "ft": ("length", 0.3048), "feet": ("length", 0.3048),
         "kg": ("mass", 1.0), "g": ("mass", 0.001), "t": ("mass", 1000.0), "tonnes": ("mass", 1000.0),
         "lb": ("mass", 0.45359237), "lbs": ("mass", 0.45359237), "pounds": ("mass", 0.45359237),
         "km2": ("area", 1e6), "km²": ("area", 1e6), "m2": ("area", 1.0), "m²": ("area", 1.0),
         "sq mi": ("area", 2589988.11), "ha": ("area", 1e4), "hectares": ("area", 1e4)}
# the same units spelled out, as texts write them ("a 4,309-metre circuit", "4.259 kilometres long")
UNITS |= {word: UNITS[unit] for unit, words in {
    "m": ("metre", "metres", "meter", "meters"), "km": ("kilometre", "kilometres", "kilometer", "kilometers"),
    "cm": ("centimetre", "centimetres", "centimeter", "centimeters"),
    "mm": ("millimetre", "millimetres", "millimeter", "millimeters"), "mi": ("mile",), "ft": ("foot",),
    "kg": ("kilogram", "kilograms", "kilo", "kilos"), "g": ("gram", "grams"), "t": ("tonne", "ton", "tons"),
    "lb": ("pound",)}.items() for word in words}
MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
DATE_IN_TEXT = re.compile(
    rf"\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}\s+{MONTHS}\s*,?\s*\d{{3,4}}|{MONTHS}\s+\d{{1,2}}\s*,?\s*\d{{3,4}}"
    rf"|{MONTHS}\s*,?\s*\d{{4}}|\b\d{{4}}\b",
    re.IGNORECASE,
)
YEAR = re.compile(r"(?<!\d)(\d{4})(?!\d)")
# A day of the month in words: "the ninth of January 1908", "twenty-first May 1990"
_ORDINAL_UNITS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
DAY_ORDINALS = {w: i + 1 for i, w in enumerate([*_ORDINAL_UNITS, "tenth", "eleventh", "twelfth", "thirteenth",
                                                "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
                                                "nineteenth", "twentieth"])}
DAY_ORDINALS |= {f"twenty-{w}": 21 + i for i, w in enumerate(_ORDINAL_UNITS)} | {"thirtieth": 30, "thirty-first": 31}
DAY_ORDINAL = r"(?:" + "|".join(sorted(DAY_ORDINALS, key=len, reverse=True)) + r")"
_ORDINAL_DAY = re.compile(rf"^(?:the\s+)?({DAY_ORDINAL})(?:\s+of)?(?=\s)", re.I)
NUMBER = re.compile(r"[-+]?\d[\d,.\s]*")
# price_parser reads one dot before three digits as a thousands mark, as German writes "5.793"
_ONE_DOT_THREE_DIGITS = re.compile(r"\d+\.\d{3}")


def clean_text(value: Scalar) -> str:
    """Unicode-normalized, single-spaced text: keys keep the text's form, only whitespace changes."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", str(value))).strip()


@lru_cache(maxsize=1)
def _date_parser():  # type: ignore[no-untyped-def]
    from dateparser.date import DateDataParser  # slow import: only when a date is normalized

    return DateDataParser(languages=["en"], settings={"PREFER_DATES_FROM": "past"})


# The forms most documents use, parsed with strptime first: dateparser costs ~4 ms a call.
# "10.12.1999" is day first: dots separate day, month and year where dates are written so (not
# in the United States, whose slashes dateparser reads month first)
FAST_FORMATS = [("%Y-%m-%d", "day"), ("%d %B %Y", "day"), ("%B %d, %Y", "day"), ("%d %b %Y", "day"),
                ("%b %d, %Y", "day"), ("%B %Y", "month"), ("%b %Y", "month"), ("%d.%m.%Y", "day")]


_MONTH_NUMBERS = {name.lower(): i for names in (calendar.month_name, calendar.month_abbr)
                  for i, name in enumerate(names) if name}
# The two shapes most dates in documents take, read without strptime (~20 us a call, and the
# second shape fails the first format first): "5 August 1897", "August 5, 1897".
_DAY_MONTH_YEAR = re.compile(r"(\d{1,2}) ([A-Za-z]{3,9}) (\d{4})")
_MONTH_DAY_YEAR = re.compile(r"([A-Za-z]{3,9}) (\d{1,2}), (\d{4})")


def _common_shape(text: str) -> date | None:
    if m := _DAY_MONTH_YEAR.fullmatch(text):
        day, month, year = m.group(1), m.group(2), m.group(3)
    elif m := _MONTH_DAY_YEAR.fullmatch(text):
        month, day, year = m.group(1), m.group(2), m.group(3)
    else:
        return None
    number = _MONTH_NUMBERS.get(month.lower())
    try:
        return date(int(year), number, int(day)) if number else None
    except ValueError:  # 31 April: the formats below refuse it too
        return None


def _fast_parse(text: str) -> tuple[date, str] | None:
    tight = re.sub(r"\s+,", ",", text)
    if (common := _common_shape(tight)) is not None:
        return common, "day"
    for fmt, precision in FAST_FORMATS:
        try:
            return datetime.strptime(tight, fmt).date(), precision
        except ValueError:
            continue
    return None


def full_day_date(text: str) -> date | None:
    """The date when the whole text is one complete date ("May 26, 1939"), else None."""
    fast = _fast_parse(clean_text(text))
    return fast[0] if fast and fast[1] == "day" else None


def parse_date(text: str) -> tuple[date, str]:
    """(date, precision) where precision is "day", "month" or "year"; never invents a part."""
    text = _ORDINAL_DAY.sub(lambda m: str(DAY_ORDINALS[m.group(1).lower()]), clean_text(text))  # "the ninth of January"
    if re.fullmatch(r"\d{3,4}", text):
        return date(int(text), 1, 1), "year"
    fast = _fast_parse(text)
    if fast:
        return fast
    candidates = [text] + [m.group(0) for m in DATE_IN_TEXT.finditer(text)]
    for candidate in candidates:
        data = _date_parser().get_date_data(candidate)
        if data.date_obj is None:
            continue
        written_years = {int(y) for y in YEAR.findall(candidate)}
        if data.date_obj.year not in written_years:  # "the 1990s" parses as today: refuse
            continue
        precision = data.period if data.period in ("day", "month", "year") else "day"
        return data.date_obj.date(), precision
    raise Unnormalizable(f"not a date: {text!r}", text)


def to_date(text: str, pattern: str | None) -> str:
    pattern = pattern or "%Y-%m-%d"
    parsed, precision = parse_date(text)
    needs_day = any(d in pattern for d in ("%d", "%j", "%-d", "%e"))
    needs_month = needs_day or any(m in pattern for m in ("%m", "%b", "%B", "%-m"))
    if (needs_day and precision != "day") or (needs_month and precision == "year"):
        raise Unnormalizable(f"partial date {text!r} ({precision} only) does not fit {pattern!r}", text)
    return parsed.strftime(pattern)


def to_year(value: Scalar) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = clean_text(value)
    years = YEAR.findall(text)
    if years:
        return int(years[0])  # "1997–2001": a release/founding year is the first one
    return parse_date(text)[0].year


def to_number(value: Scalar, fmt: ValueFormat) -> float:
    """Amount x scale word (million, bn...) x unit conversion x fmt.scale."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value) * fmt.scale
    text = clean_text(value)
    price = Price.fromstring(text)
    if price.amount is None:
        raise Unnormalizable(f"no number in {text!r}", text)
    amount = float(price.amount)
    if fmt.kind == "number" and price.amount_text and _ONE_DOT_THREE_DIGITS.fullmatch(price.amount_text):
        amount = float(price.amount_text)  # "5.793 km" in a column of fractions: a decimal point, not 5,793
    after = text[text.find(price.amount_text) + len(price.amount_text):] if price.amount_text else ""
    word = re.match(r"\s*-?\s*([A-Za-z²]+(?:\s?mi)?)", after)
    token = word.group(1).lower() if word else ""
    if token in SCALE_WORDS and not (fmt.unit and token in UNITS):
        amount *= SCALE_WORDS[token]
        token = (re.match(r"\s*[A-Za-z]+\s*([A-Za-z²]+\d?)", after) or [None, ""])[1].lower()  # type: ignore[index]
    if fmt.unit:
        amount = _convert(amount, token, fmt.unit, text)
    return amount * fmt.scale


def _convert(amount: float, unit: str, target: str, text: str) -> float:
    if not unit or unit == target.lower() or unit not in UNITS:
        return amount  # unit-less or already in the column's unit
    src, dst = UNITS[unit], UNITS.get(target.lower())
    if dst is None or src[0] != dst[0]:
        raise Unnormalizable(f"cannot convert {unit!r} to {target!r} in {text!r}", text)
    return amount * src[1] / dst[1]


def to_integer(value: Scalar, fmt: ValueFormat) -> int:
    number = to_number(value, fmt)
    try:
        return int(Decimal(str(number)).to_integral_value())
    except InvalidOperation as exc:
        raise Unnormalizable(f"not an integer: {value!r}", value) from exc


def to_label(text: str, labels: list[str]) -> str:
    """The label `text` means: case-insensitive equal, else a clearly nearest one."""
    folded = clean_text(text).casefold()
    for label in labels:
        if label.casefold() == folded:
            return label
    best = process.extract(folded, {lb: lb.casefold() for lb in labels}, scorer=fuzz.WRatio, limit=2)
    if templated := template_label(clean_text(text), labels):  # "1 out of 5" among "5 out of 5", "average"
        return templated
    if best and best[0][1] >= 85 and (len(best) == 1 or best[0][1] - best[1][1] >= 5) \
            and not _another_name(clean_text(text), best[0][2]):
        return best[0][2]
    raise Unnormalizable(f"{text!r} is none of the labels {labels}", text)


def _another_name(text: str, label: str) -> bool:
    """A name inside a longer name is another name ("Germany" is not "West Germany", "York" not
    "New York"): the one holds the other's words and more, and those are capitalized."""
    a, b = text.split(), label.split()
    short, long = (a, b) if len(a) < len(b) else (b, a)
    if not short or len(short) == len(long):
        return False
    for i in range(len(long) - len(short) + 1):
        if [w.casefold() for w in long[i:i + len(short)]] == [w.casefold() for w in short]:
            extra = long[:i] + long[i + len(short):]
            return all(w[:1].isupper() for w in extra)
    return False


def to_boolean(value: Scalar) -> bool:
    folded = clean_text(value).casefold()
    if folded in {"true", "yes", "y", "1"}:
        return True
    if folded in {"false", "no", "n", "0"}:
        return False
    raise Unnormalizable(f"not a yes/no value: {value!r}", value)


def apply_casing(text: str, casing: str) -> str:
    return {"title": text.title(), "upper": text.upper(), "lower": text.lower()}.get(casing, text)


def normalize(value: Scalar, fmt: ValueFormat, labels: list[str] | None = None, open_labels: bool = False) -> Scalar:
    """`value` written in `fmt`, or `Unnormalizable` with the reason. `open_labels`: the labels
    are those existing rows showed; a value that is none of them is kept as written."""
    if value is None or clean_text(value) == "":
        raise Unnormalizable("empty value", value)
    kind = fmt.kind
    if kind == "date":
        return to_date(str(value), fmt.pattern)
    if kind == "year":
        return to_year(value)
    if kind == "integer":
        return to_integer(value, fmt)
    if kind == "number":
        return to_number(value, fmt)
    if kind == "boolean":
        return to_boolean(value)
    if kind == "country":
        name = country_name(clean_text(value))
        if name is None:
            raise Unnormalizable(f"not a country we know: {value!r}", value)
        return name
    if kind == "label" or labels:
        try:
            return to_label(str(value), labels or list(fmt.examples))
        except Unnormalizable:
            if open_labels:
                return clean_text(value)
            raise
    return apply_casing(clean_text(value), fmt.casing)
