"""Grounding: a value must be a span of the document and keep its digits."""

from __future__ import annotations

from text2db.extractors import grounding
from text2db.schemas.events import Cell, Evidence

TEXT = "Louise Faure-Favier (December 12, 1870 – March 5, 1961) was a French writer."


def _cell(value: str, start: int, end: int, quote: str | None = None) -> Cell:
    return Cell(column="c", value=value, evidence=Evidence(start=start, end=end, quote=quote or TEXT[start:end]),
                confidence=0.9, tool="t")


def test_a_span_of_the_document_is_grounded() -> None:
    start = TEXT.index("December 12, 1870")
    assert grounding.rejection(TEXT, _cell("December 12, 1870", start, start + 17)) is None


def test_evidence_that_is_not_in_the_document_is_rejected() -> None:
    assert grounding.rejection(TEXT, _cell("Paris", 0, 5, quote="Paris")) == "evidence not in document"
    assert grounding.rejection(TEXT, Cell(column="c", value="x", confidence=0.5, tool="t")) == "no evidence"


def test_value_must_be_inside_its_evidence() -> None:
    assert grounding.rejection(TEXT, _cell("German", 63, 69)) == "value not in evidence"


def test_changed_digits_are_caught() -> None:
    assert grounding.numbers_agree("1870", "December 12, 1870")
    assert not grounding.numbers_agree("1871", "December 12, 1870")
    start = TEXT.index("1870")
    assert grounding.rejection(TEXT, _cell("1807", start, start + 4)) is not None


def test_locate_finds_the_nearest_occurrence_with_spacing_folded() -> None:
    text = "Paris is big. Later she lived in   Paris, France."
    ev = grounding.locate(text, "paris", near=30)
    assert ev is not None and ev.start == text.rindex("Paris") and ev.quote == "Paris"
    assert grounding.locate(text, "Lyon") is None


def test_label_values_need_only_a_real_evidence_span() -> None:
    cell = _cell("writer", 0, 19)
    assert grounding.rejection(TEXT, cell.model_copy(update={"value": "literature"}), frozenset({"literature"})) is None
    assert grounding.rejection(TEXT, cell.model_copy(update={"value": "science"}), frozenset({"literature"})) is not None


def test_numbers_written_in_several_words_are_read_as_digits() -> None:
    text = ("It is four hundred and twenty-one metres tall. In nineteen seventy-eight it was found; "
            "two thousand and five saw it renamed, and three four is no number.")
    found = {text[s:e]: value for s, e, value in grounding.number_phrases(text)}
    assert found == {"four hundred and twenty-one": 421, "nineteen seventy-eight": 1978, "two thousand and five": 2005}
    assert grounding.numbers_agree("1978", "In nineteen seventy-eight it was found")
    assert not grounding.numbers_agree("1987", "In nineteen seventy-eight it was found")


def test_a_number_or_an_ordinal_in_one_word_grounds_its_digits() -> None:
    """"fifteen players a side" grounds 15 and "the thirty-fifth president" 35 (not 30): an LLM
    that reads them as digits is not refused as ungrounded."""
    side = "Rugby union sends out fifteen players a side."
    start = side.index("fifteen")
    cell = Cell(column="c", value="15", evidence=Evidence(start=start, end=start + 7, quote="fifteen"), confidence=0.9,
                tool="t")
    assert grounding.rejection(side, cell) is None
    assert grounding.numbers_agree("35", "the country's thirty-fifth president")
    assert not grounding.numbers_agree("30", "the country's thirty-fifth president")
    assert grounding.numbers_agree("16", "the sixteenth President of the United States")
    assert not grounding.numbers_agree("17", "the sixteenth President of the United States")
