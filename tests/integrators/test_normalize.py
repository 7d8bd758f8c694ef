"""Normalization to a column's format: pure functions, no database."""

from __future__ import annotations

import pytest

from text2db.integrators.countries import country_name
from text2db.integrators.exceptions import Unnormalizable
from text2db.integrators.normalize import FAST_FORMATS, _fast_parse, clean_text, normalize, parse_date
from text2db.schemas.plan import ValueFormat


@pytest.mark.parametrize(("raw", "pattern", "expected"), [
    ("December 12 , 1870", "%Y-%m-%d", "1870-12-12"),
    ("5 August 1997", "%Y-%m-%d", "1997-08-05"),
    ("August 5, 1997", "%d %B %Y", "05 August 1997"),
    ("1982-04-03", "%Y-%m-%d", "1982-04-03"),
    ("born 7 March 1983 in London", "%Y-%m-%d", "1983-03-07"),
    ("1997", "%Y", "1997"),
    ("March 1983", "%Y-%m", "1983-03"),
    ("the ninth of January 1908", "%Y-%m-%d", "1908-01-09"),  # a day in words is a day, not a month alone
    ("twenty-first May 1990", "%Y-%m-%d", "1990-05-21"),
    ("10.12.1999", "%Y-%m-%d", "1999-12-10"),  # dots: day first, as where dates are written so
    ("5.4.2001", "%Y-%m-%d", "2001-04-05"),
])
def test_dates_in_any_written_form_take_the_column_pattern(raw: str, pattern: str, expected: str) -> None:
    assert normalize(raw, ValueFormat(kind="date", pattern=pattern)) == expected


def test_the_common_date_shapes_read_without_strptime_as_strptime_reads_them() -> None:
    """`_fast_parse` reads "5 August 1897" and "August 5, 1897" itself (a hot path: every date
    cell of every row): the same dates strptime's formats give, and the same refusals."""
    from datetime import datetime

    def by_strptime(text: str) -> object:
        for fmt, precision in FAST_FORMATS:
            try:
                return datetime.strptime(text.replace(" ,", ","), fmt).date(), precision
            except ValueError:
                continue
        return None

    months = ["January", "february", "MAY", "Sep", "sept", "Septembre", "Dec", "Mar"]
    written = [shape.format(d=d, m=m, y=y) for d in (0, 1, 9, 29, 31, 32) for m in months for y in (1897, 2000, 2023, 999)
               for shape in ("{d} {m} {y}", "{m} {d}, {y}", "{m} {d} , {y}", "0{d} {m} {y}")]
    assert [_fast_parse(t) for t in written] == [by_strptime(t) for t in written]
    assert _fast_parse("29 February 1900") is None and _fast_parse("29 Feb 2000") is not None


@pytest.mark.parametrize("raw", ["1997", "March 1983"])
def test_a_partial_date_never_gets_an_invented_day(raw: str) -> None:
    with pytest.raises(Unnormalizable, match="partial date"):
        normalize(raw, ValueFormat(kind="date", pattern="%Y-%m-%d"))


@pytest.mark.parametrize("raw", ["the 1990s", "soon", "unknown"])
def test_text_that_is_no_date_is_refused(raw: str) -> None:
    with pytest.raises(Unnormalizable):
        normalize(raw, ValueFormat(kind="date", pattern="%Y-%m-%d"))


def test_parse_date_reports_precision() -> None:
    assert parse_date("5 August 1997")[1] == "day"
    assert parse_date("August 1997")[1] == "month"
    assert parse_date("1997")[1] == "year"


@pytest.mark.parametrize(("raw", "expected"), [
    ("7 March 1983", 1983), ("1983", 1983), (1983, 1983), ("released in 2012 by Sony", 2012), ("1997–2001", 1997),
])
def test_years(raw: object, expected: int) -> None:
    assert normalize(raw, ValueFormat(kind="year")) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(("raw", "fmt", "expected"), [
    ("$714 million", ValueFormat(kind="integer"), 714_000_000),
    ("US$ 1.2 billion", ValueFormat(kind="integer"), 1_200_000_000),
    ("1,234", ValueFormat(kind="integer"), 1234),
    ("€5.5 million", ValueFormat(kind="number", scale=1e-6), 5.5),
    ("about 2.5 thousand", ValueFormat(kind="integer"), 2500),
    ("12 km", ValueFormat(kind="number", unit="km"), 12.0),
    ("5 miles", ValueFormat(kind="number", unit="km"), 8.04672),
    ("3 km", ValueFormat(kind="number", unit="m"), 3000.0),
    # one dot before three digits is a decimal point in a column of fractions, a thousands mark in one of integers
    ("5.793 km", ValueFormat(kind="number", unit="km"), 5.793),
    ("12.000 seats", ValueFormat(kind="integer"), 12000),
    # units spelled out convert as their symbols do
    ("a 4,309-metre circuit", ValueFormat(kind="number", unit="km"), 4.309),
    ("4.259 kilometres", ValueFormat(kind="number", unit="m"), 4259.0),
    ("421 metres", ValueFormat(kind="number", unit="m"), 421.0),
])
def test_numbers_with_scale_words_currency_and_units(raw: str, fmt: ValueFormat, expected: float) -> None:
    assert normalize(raw, fmt) == pytest.approx(expected)


def test_a_unit_of_another_dimension_is_refused() -> None:
    with pytest.raises(Unnormalizable, match="cannot convert"):
        normalize("5 kg", ValueFormat(kind="number", unit="km"))


@pytest.mark.parametrize(("raw", "expected"), [
    ("American", "United States"), ("U.S.", "United States"), ("British", "United Kingdom"),
    ("German-Jewish", "Germany"), ("Russian Federation", "Russia"), ("Republic of Korea", "South Korea"),
    ("Indian", "India"), ("the Netherlands", "Netherlands"), ("France", "France"), ("Iranian", "Iran"),
])
def test_countries_use_common_names(raw: str, expected: str) -> None:
    assert normalize(raw, ValueFormat(kind="country", style="common_name")) == expected


def test_unknown_country_goes_to_review() -> None:
    assert country_name("Narnia") is None
    with pytest.raises(Unnormalizable, match="not a country"):
        normalize("Narnia", ValueFormat(kind="country"))


def test_labels_take_the_nearest_label_or_refuse() -> None:
    labels = ["Rock", "Pop", "Jazz"]
    assert normalize("rock", ValueFormat(kind="label"), labels) == "Rock"
    assert normalize("Jaz", ValueFormat(kind="label"), labels) == "Jazz"
    with pytest.raises(Unnormalizable, match="none of the labels"):
        normalize("Classical", ValueFormat(kind="label"), labels)
    ratings = ["5 out of 5", "average"]  # a numbered label is a template; the fuzzy match would say "5 out of 5"
    assert normalize("1  out of 5", ValueFormat(kind="label"), ratings) == "1 out of 5"
    with pytest.raises(Unnormalizable):
        normalize("1 of 5 stars", ValueFormat(kind="label"), ratings)


def test_a_name_inside_a_longer_label_is_another_name() -> None:
    """"Germany" is not the label "West Germany" (nor "York" "New York"), though a fuzzy score
    of 90 says so; an open set keeps it as written. A lower-case word still finds its label."""
    teams = ["Uruguay", "West Germany", "England"]
    with pytest.raises(Unnormalizable):
        normalize("Germany", ValueFormat(kind="label"), teams)
    assert normalize("Germany", ValueFormat(kind="label"), teams, open_labels=True) == "Germany"
    with pytest.raises(Unnormalizable):
        normalize("New York", ValueFormat(kind="label"), ["York", "Leeds"])
    assert normalize("centre", ValueFormat(kind="label"), ["city centre", "riverside"]) == "city centre"


def test_an_open_label_set_keeps_a_new_value_as_written_and_still_maps_its_own_labels() -> None:
    prices = ["cheap", "moderate"]
    assert normalize("  high ", ValueFormat(kind="label"), prices, open_labels=True) == "high"
    assert normalize("Moderate", ValueFormat(kind="label"), prices, open_labels=True) == "moderate"
    with pytest.raises(Unnormalizable):
        normalize("high", ValueFormat(kind="label"), prices)


def test_casing_and_whitespace() -> None:
    assert normalize("  the   beatles ", ValueFormat(casing="title")) == "The Beatles"
    assert normalize("Durg", ValueFormat(casing="upper")) == "DURG"
    assert clean_text("Amandeep  Narayan\nKhare") == "Amandeep Narayan Khare"


def test_empty_values_are_not_written() -> None:
    with pytest.raises(Unnormalizable, match="empty"):
        normalize("  ", ValueFormat())
