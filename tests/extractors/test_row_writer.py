"""The LLM row writer (text2db.llm_rows.v1) against a scripted OpenAI-compatible server (issue 11):
schema built from the plan, grounding of every value, merge with the small models, the student."""

from __future__ import annotations

import json
import os

import pytest
from sqlalchemy import create_engine
from sqlalchemy import text as sql

from tests.fake_openai import FakeOpenAI
from text2db.config import Settings
from text2db.extractors import docllm
from text2db.extractors.configuration import ExtractorConfig
from text2db.extractors.pipeline import Extractor
from text2db.schemas.events import DocumentEvent
from text2db.schemas.plan import ColumnPlan, Plan, TablePlan
from tests.extractors.test_plan_reader import LIGHTHOUSE, VENUE, _col, _plan

TEXT = "Skerry Point Lighthouse has a height of 35 metres. Its lamp was tended for years by a woman from Oban, Agnes Morrow."


def _rows(*rows: dict) -> str:
    return json.dumps({"rows": list(rows)})


def test_schema_comes_from_the_plan() -> None:
    schema = docllm.rows_schema(docllm.RowsRequest(VENUE.tables[0], "text"))
    props = schema["properties"]["rows"]["items"]["properties"]
    assert props["price_range"] == {"enum": ["cheap", "moderate", "high", None]}
    assert set(schema["properties"]["rows"]["items"]["required"]) == {"name", "price_range", "customer_rating", "kid_friendly", "near"}
    numbers = docllm.rows_schema(docllm.RowsRequest(LIGHTHOUSE.tables[0], "text"))["properties"]["rows"]["items"]["properties"]
    assert numbers["height_m"] == {"anyOf": [{"type": "number"}, {"type": "null"}]}
    messages = docllm.build_messages(docllm.RowsRequest(LIGHTHOUSE.tables[0], "THE DOCUMENT"))
    assert messages[1]["content"].rstrip().endswith("THE DOCUMENT\n</text>")  # the document last: the prefix is cached


def test_grounding_keeps_what_the_document_supports_and_counts_the_rest() -> None:
    req = docllm.RowsRequest(LIGHTHOUSE.tables[0], TEXT)
    raw = _rows(
        {"name": "Skerry Point Lighthouse", "height_m": 35, "keeper": "Agnes Morrow", "number_of_lamps": 2, "first_lit_year": None},
        {"name": "Invented Rock Light", "height_m": 12, "keeper": None, "number_of_lamps": None, "first_lit_year": None},
    )
    answer = docllm.ground(raw, req)
    assert [r.key for r in answer.rows] == ["Skerry Point Lighthouse"]
    values = {c: v for c, (v, _ev) in answer.rows[0].values.items()}
    assert values == {"height_m": "35 metres", "keeper": "Agnes Morrow"}  # the document's span, unit included
    assert any("number_of_lamps" in u for u in answer.ungrounded)  # 2 is written nowhere
    assert any("Invented Rock Light" in u for u in answer.ungrounded)


def test_a_rating_in_the_wording_of_a_numbered_label_is_a_label_when_the_text_writes_it() -> None:
    text = "Cotto has a 1 out of 5 customer rating."
    req = docllm.RowsRequest(VENUE.tables[0], text)
    rating = docllm.rows_schema(req)["properties"]["rows"]["items"]["properties"]["customer_rating"]
    assert {"type": "string"} in rating["anyOf"]  # "5 out of 5" is a label: other ratings may be written
    row = {"name": "Cotto", "price_range": None, "customer_rating": "1 out of 5", "kid_friendly": None, "near": None}
    assert docllm.ground(_rows(row), req).rows[0].values["customer_rating"][0] == "1 out of 5"
    invented = docllm.ground(_rows(row | {"customer_rating": "2 out of 5"}), req)
    assert "customer_rating" not in invented.rows[0].values and invented.ungrounded


def test_an_open_label_set_takes_a_new_value_the_text_writes_and_maps_paraphrases_to_its_labels() -> None:
    table = VENUE.tables[0]
    price = table.column("price_range").model_copy(update={"labels_open": True})
    table = table.model_copy(update={"columns": [price if c.name == "price_range" else c for c in table.columns]})
    text = "Cotto is a family place near The Bakers where prices are less than £20. Strada is moderately priced."
    req = docllm.RowsRequest(table, text)
    schema = docllm.rows_schema(req)["properties"]["rows"]["items"]["properties"]["price_range"]
    assert {"type": "string"} in schema["anyOf"]
    assert "another short value" in docllm.build_messages(req)[1]["content"]
    row = {"name": "Cotto", "price_range": "less than £20", "customer_rating": None, "kid_friendly": None, "near": None}
    assert docllm.ground(_rows(row), req).rows[0].values["price_range"][0] == "less than £20"
    strada = row | {"name": "Strada", "price_range": "moderately priced"}
    assert docllm.ground(_rows(strada), req).rows[0].values["price_range"][0] == "moderate"
    for wrong in ("expensive", "a family place near The Bakers where prices are"):  # not written; not a label's length
        answer = docllm.ground(_rows(row | {"price_range": wrong}), req)
        assert "price_range" not in answer.rows[0].values and answer.ungrounded
    closed = docllm.ground(_rows(row), docllm.RowsRequest(VENUE.tables[0], text))
    assert "price_range" not in closed.rows[0].values


def test_a_new_open_label_holding_another_columns_word_is_that_columns_phrase() -> None:
    table = _plan_with_area().tables[0]
    table = table.model_copy(update={"columns": [c.model_copy(update={"labels_open": True}) if c.name == "area" else c
                                                 for c in table.columns]})
    text = "Cotto is a coffee shop near Clare Hall, in the Newmarket area."
    row = {"name": "Cotto", "price_range": None, "customer_rating": None, "kid_friendly": None, "near": None}
    req = docllm.RowsRequest(table, text)
    assert docllm.ground(_rows(row | {"area": "Newmarket"}), req).rows[0].values["area"][0] == "Newmarket"
    answer = docllm.ground(_rows(row | {"area": "near Clare Hall"}), req)  # the `near` column's words
    assert "area" not in answer.rows[0].values and answer.ungrounded


def test_a_relative_clause_the_llm_copies_along_is_not_part_of_the_value() -> None:
    text = "Skerry Point Lighthouse is kept by Agnes Morrow who lives in Oban."
    row = {"name": "Skerry Point Lighthouse", "height_m": None, "keeper": "Agnes Morrow who lives in Oban",
           "number_of_lamps": None, "first_lit_year": None}
    answer = docllm.ground(_rows(row), docllm.RowsRequest(LIGHTHOUSE.tables[0], text))
    assert answer.rows[0].values["keeper"][0] == "Agnes Morrow"
    text = "Skerry Point Lighthouse is kept by Agnes Morrow, in what was her father's post."
    row |= {"keeper": "Agnes Morrow, in what was her father's post"}  # no keeper holds a comma
    assert docllm.ground(_rows(row), docllm.RowsRequest(LIGHTHOUSE.tables[0], text)).rows[0].values["keeper"][0] == "Agnes Morrow"


def test_a_gloss_in_parentheses_is_no_part_of_the_value_and_a_hyphenated_unit_is_kept() -> None:
    """"Agnes Morrow (née Baird)": no keeper's value holds a parenthesis. "a 35-metre tower":
    the LLM's 35 keeps the unit the text joins to it, so a column in feet would convert it."""
    text = "Skerry Point Lighthouse, a 35-metre tower, is kept by Agnes Morrow (née Baird)."
    row = {"name": "Skerry Point Lighthouse", "height_m": 35, "keeper": "Agnes Morrow (née Baird)",
           "number_of_lamps": None, "first_lit_year": None}
    values = docllm.ground(_rows(row), docllm.RowsRequest(LIGHTHOUSE.tables[0], text)).rows[0].values
    assert values["keeper"][0] == "Agnes Morrow"
    assert values["height_m"][0] == "35-metre"


def test_the_llms_country_is_grounded_on_the_demonym_the_text_writes() -> None:
    """The text says "the Dutch seaside town"; the LLM answers "Netherlands". The demonym is the
    evidence, and the integrator writes it as the column writes countries."""
    from text2db.schemas.plan import ValueFormat

    country = ColumnPlan(name="country", tool="attribute", question="country of the circuit", value_type="text",
                         format=ValueFormat(kind="country"), demonstrations=["Italy", "Japan", "Belgium"])
    plan = _plan("circuit", "circuit", [country])
    text = "Duinbaan Circuit lies among the dunes of a Dutch seaside town and opened in 1948."
    row = {"name": "Duinbaan Circuit", "country": "Netherlands"}
    values = docllm.ground(_rows(row), docllm.RowsRequest(plan.tables[0], text)).rows[0].values
    assert values["country"][0] == "Dutch"
    wrong = {"name": "Duinbaan Circuit", "country": "Belgium"}  # a country the text does not name is no value
    assert "country" not in docllm.ground(_rows(wrong), docllm.RowsRequest(plan.tables[0], text)).rows[0].values


def test_an_existing_value_written_with_the_columns_own_word_is_that_value() -> None:
    """A text column (no label set) holding "cheap" and "high": the LLM's "high-priced" is "high"."""
    plan = _plan("venue", "venue", [_col("price_range", "price range of the venue", demos=["cheap", "high", "£20-25"])])
    text = "Le Petit Moulin, a high-priced French bistro near The Old Forge, has a low customer rating."
    req = docllm.RowsRequest(plan.tables[0], text)
    answer = docllm.ground(_rows({"name": "Le Petit Moulin", "price_range": "high-priced"}), req)
    value, evidence = answer.rows[0].values["price_range"]
    assert value == "high" and evidence.quote == "high-priced"
    other = docllm.ground(_rows({"name": "Le Petit Moulin", "price_range": "French bistro"}), req)
    assert other.rows[0].values["price_range"][0] == "French bistro"  # no column word to drop: as written


def test_an_existing_value_written_as_an_adverb_of_the_columns_word_is_that_value() -> None:
    """"fairly priced" where the column holds "fair" (shown among the format's examples, not the
    three demonstrations): "fair", as "fair-priced" would be."""
    from text2db.schemas.plan import ValueFormat

    column = ColumnPlan(name="price_range", tool="attribute", question="price range of the venue", value_type="text",
                        format=ValueFormat(kind="text", examples=["cheap", "high", "£20-25", "fair"]),
                        demonstrations=["cheap", "high", "£20-25"])
    text = "Bramble Cafe, a fairly priced Greek cafe near The Old Forge, has a low customer rating."
    req = docllm.RowsRequest(_plan("venue", "venue", [column]).tables[0], text)
    answer = docllm.ground(_rows({"name": "Bramble Cafe", "price_range": "fairly priced"}), req)
    assert answer.rows[0].values["price_range"][0] == "fair"


def test_an_llm_label_is_grounded_on_a_compound_words_part_and_a_comparative_is_the_labels() -> None:
    plan = _plan("venue", "venue", [
        _col("area", "area of the venue", labels=["city centre", "riverside"]),
        _col("price_range", "price range of the venue", labels=["cheap", "less than £20", "£20-25"])
        .model_copy(update={"labels_open": True}),
    ])
    text = "For fast food under £20, try The Tin Anchor, a coffee shop by the river."
    answer = docllm.ground(_rows({"name": "The Tin Anchor", "area": "riverside", "price_range": "under £20"}),
                           docllm.RowsRequest(plan.tables[0], text))
    values = {k: v[0] for k, v in answer.rows[0].values.items()}
    assert values == {"area": "riverside", "price_range": "less than £20"}
    inland = docllm.ground(_rows({"name": "The Tin Anchor", "area": "riverside"}),
                           docllm.RowsRequest(plan.tables[0], "The Tin Anchor is a coffee shop in the city centre."))
    assert "area" not in inland.rows[0].values and inland.ungrounded


def test_a_jobs_tables_share_one_prompt_prefix_and_each_call_asks_its_own_table() -> None:
    """A child table's call and its parent's begin alike (the server reuses the last prompt's
    evaluation only as far as the two agree); a one-table job's prompt names no table twice."""
    child, parent = LIGHTHOUSE.tables[0], VENUE.tables[0]
    job = (child, parent)
    a = docllm.build_messages(docllm.RowsRequest(child, TEXT, job_tables=job))[1]["content"]
    b = docllm.build_messages(docllm.RowsRequest(parent, TEXT, job_tables=job))[1]["content"]
    shared = a[: next(i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)]
    assert '"keeper"' in shared and '"kid_friendly"' in shared and shared.endswith("with one row for each ")
    assert 'each lighthouse of table "lighthouse"' in a and 'each venue of table "venue"' in b
    assert schema_columns(docllm.RowsRequest(parent, TEXT, job_tables=job)) == {"name", "price_range", "customer_rating",
                                                                               "kid_friendly", "near"}
    alone = docllm.build_messages(docllm.RowsRequest(child, TEXT))[1]["content"]
    assert '"venue"' not in alone and "of table" not in alone


def schema_columns(req: docllm.RowsRequest) -> set[str]:
    return set(docllm.rows_schema(req)["properties"]["rows"]["items"]["properties"])


def test_garbage_answers_are_invalid_output() -> None:
    from text2db.extractors.exceptions import InvalidLLMOutput

    with pytest.raises(InvalidLLMOutput):
        docllm.ground("not json at all", docllm.RowsRequest(LIGHTHOUSE.tables[0], TEXT))


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TEXT2DB_HOME", str(tmp_path / "home"))


def _asking(plan: Plan, fake: FakeOpenAI) -> Extractor:
    """An extractor without priors whose LLM is the scripted server."""
    return Extractor(plan, Settings(llm_base_url=fake.base_url, llm_timeout_s=5.0), ExtractorConfig(use_priors=False))


def _extract(plan, url: str, text: str, extractor: Extractor | None = None):
    extractor = extractor or Extractor(plan, Settings(llm_base_url=url, llm_timeout_s=5.0), ExtractorConfig(use_priors=False))
    event = extractor.extract(DocumentEvent(job="j", document_id=str(abs(hash(text))), text=text))
    return event, {r.key[0].value: {c.column: c for c in r.cells} for r in event.rows}


def test_llm_fills_what_the_reader_missed_and_confident_cells_stay_small() -> None:
    reply = _rows({"name": "Skerry Point Lighthouse", "height_m": 99, "keeper": "Agnes Morrow", "number_of_lamps": None,
                   "first_lit_year": None})
    with FakeOpenAI([reply]) as fake:
        event, rows = _extract(LIGHTHOUSE, fake.base_url, TEXT)
    row = rows["Skerry Point Lighthouse"]
    assert row["keeper"].value == "Agnes Morrow" and row["keeper"].tool == "text2db.llm_rows.v1"
    assert row["height_m"].value == "35 metres" and row["height_m"].tool == "text2db.plan_reader.v1"  # 99 was not asked for
    assert event.stats.llm_calls == 1 and event.stats.values_llm == 1 and event.stats.values_small_model >= 1
    sent = fake.requests[0]
    assert sent["response_format"]["schema"]["properties"]["rows"]["items"]["required"][0] == "name"


def test_llm_finds_the_row_the_small_models_could_not_name() -> None:
    text = "there, on the cliffs, stands skerry point light; 35 metres high."
    reply = _rows({"name": "skerry point light", "height_m": 35, "keeper": None, "number_of_lamps": None, "first_lit_year": None})
    with FakeOpenAI([reply]) as fake:
        _event, rows = _extract(LIGHTHOUSE, fake.base_url, text)
    assert rows["skerry point light"]["height_m"].value == "35 metres"


def test_a_label_no_sentence_of_the_text_supports_is_dropped_and_counted() -> None:
    """A small model fills an enum even where the text is silent, often with a demonstration's value."""
    text = "Copper Kettle is a venue near The Bakers. Its customers rate it low."
    reply = _rows({"name": "Copper Kettle", "price_range": "high", "customer_rating": "low", "kid_friendly": "no", "near": "The Bakers"})
    with FakeOpenAI([reply]) as fake:
        event, rows = _extract(VENUE, fake.base_url, text)
    row = rows["Copper Kettle"]
    assert "price_range" not in row and "kid_friendly" not in row  # no word of the text says price or kids
    assert row["customer_rating"].value == "low" and row["near"].value == "The Bakers"
    assert event.stats.values_ungrounded == 2
    named = docllm.RowsRequest(VENUE.tables[0].model_copy(update={"columns": [
        *VENUE.tables[0].columns[:-1], _col("near", "near of the venue", labels=["Crowne Plaza Hotel", "The Bakers"])]}),
        "Copper Kettle is a venue near The Sorrento.")
    other = docllm.ground(_rows({"name": "Copper Kettle", "near": "The Bakers"}), named)
    assert "near" not in other.rows[0].values  # a name label is grounded by its own words, not by "near"


def test_llm_failure_leaves_the_small_models_values() -> None:
    with FakeOpenAI([FakeOpenAI.FAIL, FakeOpenAI.FAIL]) as fake:
        _event, rows = _extract(LIGHTHOUSE, fake.base_url, TEXT)
    assert rows["Skerry Point Lighthouse"]["height_m"].value == "35 metres"


def test_student_trusts_a_column_after_agreeing_with_the_llm_and_stops_asking() -> None:
    plan = LIGHTHOUSE
    with FakeOpenAI(repeat_last=True) as fake:
        extractor = _asking(plan, fake)
        calls = []
        for i in range(14):
            name = f"Rock {chr(65 + i)} Lighthouse"
            text = f"{name} has a height of {30 + i} metres."
            fake.replies = [_rows({"name": name, "height_m": 30 + i, "keeper": None, "number_of_lamps": None, "first_lit_year": None})]
            event, rows = _extract(plan, fake.base_url, text, extractor)
            calls.append(event.stats.llm_calls)
            assert rows[name]["height_m"].value == f"{30 + i} metres"
    assert calls[0] == 1 and sum(calls[-4:]) == 0  # the reader agreed often enough: the LLM is no longer asked


def _taught(plan: Plan, column: str, answer: str, text: str) -> tuple[Extractor, list[int], list[str]]:
    """20 documents about new venues (`text` formats each name), the scripted LLM answering
    `answer` for `column` each time: the extractor, LLM calls per document, and the tool each
    value came from."""
    with FakeOpenAI(repeat_last=True) as fake:
        extractor = _asking(plan, fake)
        assert extractor.student.learned_values(plan.tables[0].table, column) == []
        calls, tools = [], []
        for i in range(20):
            name = f"Copper {chr(65 + i)}{chr(97 + i)}rrow"
            fake.replies = [_rows({"name": name, column: answer})]
            event, rows = _extract(plan, fake.base_url, text.format(name=name), extractor)
            calls.append(event.stats.llm_calls)
            tools.append(rows[name][column].tool)
            assert rows[name][column].value == answer
    return extractor, calls, tools


def test_values_the_llm_gave_a_column_are_read_by_the_small_models_and_the_llm_stops_being_asked() -> None:
    """Distillation of open values: "pub" is in no existing row; once the LLM has given it twice,
    the reader finds it where a text writes it, agrees with the LLM and the column is trusted."""
    plan = _plan("venue", "venue", [_col("eat_type", "eat type of the venue", demos=["coffee shop"] * 3)])
    extractor, calls, tools = _taught(plan, "eat_type", "pub", "{name} is a pub by the river.")
    assert extractor.student.learned_values("venue", "eat_type") == ["pub"]
    assert tools[0] == "text2db.llm_rows.v1" and tools[-1] == "text2db.plan_reader.v1"
    assert calls[0] == 1 and sum(calls[-4:]) == 0


def test_a_label_the_llm_gave_an_open_label_set_becomes_one_the_small_models_read() -> None:
    """The rows showed "cheap" and "moderate"; the LLM writes "high" where texts say so, and
    after twice the reader finds "high" itself and the LLM stops being asked."""
    price = _col("price_range", "price range of the venue", labels=["cheap", "moderate"]).model_copy(update={"labels_open": True})
    plan = _plan("venue", "venue", [price])
    extractor, calls, tools = _taught(plan, "price_range", "high", "{name} is a pub by the river. Its prices are high.")
    assert extractor.student.learned_values("venue", "price_range") == ["high"]
    assert tools[0] == "text2db.llm_rows.v1" and tools[-1] == "text2db.plan_reader.v1"
    assert calls[0] == 1 and sum(calls[-4:]) == 0


def test_the_subject_finder_is_checked_against_the_llms_row_keys_and_the_llm_stays_asked_while_they_differ() -> None:
    """A wrong key loses a whole row, so the finder's keys are checked like a column's values:
    while the LLM names other rows than the finder does, every document is asked, and the
    rows only the LLM named are no checks of how the small models read the columns."""
    from text2db.extractors.rowwriter import key_check

    plan = _plan("venue", "venue", [_col("eat_type", "eat type of the venue", demos=["pub", "pub", "coffee shop"])])
    with FakeOpenAI(repeat_last=True) as fake:
        extractor = _asking(plan, fake)
        calls = []
        for i in range(14):
            name, other = f"Copper {chr(65 + i)}{chr(97 + i)}rrow", f"Harbour {chr(65 + i)}ights"
            fake.replies = [_rows({"name": other, "eat_type": "pub"})]
            event, rows = _extract(plan, fake.base_url, f"{name} is a pub near {other}.", extractor)
            calls.append(event.stats.llm_calls)
    seen = extractor.student.agreement[extractor.student._key("venue", key_check(plan.tables[0]))]
    assert len(seen) == 14 and not any(seen)
    assert extractor.student._key("venue", "eat_type") not in extractor.student.agreement  # the LLM's rows were not the finder's
    assert calls == [1] * 14


def test_a_restarted_extractor_keeps_what_its_student_learned(tmp_path) -> None:
    """The student is kept per job and plan version: after a restart the LLM is not asked again
    about a column it already trusts; a new plan version starts over; a torn file is set aside."""
    from text2db.extractors.student import load_student, student_path

    settings = Settings(llm_base_url="http://unused", llm_timeout_s=5.0)
    config = ExtractorConfig(use_priors=False)

    def one(extractor: Extractor, i: int, fake: FakeOpenAI) -> int:
        name = f"Rock {chr(65 + i)} Lighthouse"
        fake.replies = [_rows({"name": name, "height_m": 30 + i, "keeper": None, "number_of_lamps": None,
                               "first_lit_year": None})]
        event, _ = _extract(LIGHTHOUSE, fake.base_url, f"{name} has a height of {30 + i} metres.", extractor)
        return event.stats.llm_calls

    with FakeOpenAI(repeat_last=True) as fake:
        settings = settings.model_copy(update={"llm_base_url": fake.base_url})
        first = Extractor(LIGHTHOUSE, settings, config, students=tmp_path)
        calls = [one(first, i, fake) for i in range(12)]
        assert calls[0] == 1 and calls[-1] == 0
        restarted = Extractor(LIGHTHOUSE, settings, config, students=tmp_path)
        assert restarted.student.revision >= 1 and restarted.student.agreement == first.student.agreement
        assert one(restarted, 13, fake) == 0  # its columns are still trusted after the restart: not asked
        newer = Extractor(LIGHTHOUSE.model_copy(update={"version": LIGHTHOUSE.version + 1}), settings, config,
                          students=tmp_path)
        assert newer.student.revision == 0 and one(newer, 14, fake) == 1
    path = student_path(tmp_path, LIGHTHOUSE.job, LIGHTHOUSE.version)
    path.write_text('{"format": "text2db.student.v1", "cues": ', encoding="utf-8")
    assert load_student(path).revision == 0 and path.with_suffix(".bad").exists() and not path.exists()


def test_a_description_after_the_name_does_not_rename_the_row_and_labels_stay_in_their_column() -> None:
    text = "The Mill coffee shop is near The Bakers, in the riverside area, with a high customer rating."
    reply = _rows({"name": "The Mill coffee shop", "price_range": None, "customer_rating": "high", "kid_friendly": None,
                   "near": "riverside"})
    plan = _plan_with_area()
    with FakeOpenAI([reply]) as fake:
        _event, rows = _extract(plan, fake.base_url, text)
    assert "The Mill coffee shop" not in rows
    row = next(iter(rows.values()))
    assert row.get("near") is None or row["near"].value != "riverside"


def test_a_word_before_another_columns_noun_is_that_columns_value() -> None:
    plan = _plan("venue", "venue", [_col("price_range", "price range of the venue", demos=["cheap", "moderate", "high"]),
                                    _col("area", "area of the venue", demos=["riverside", "city centre"]),
                                    _col("customer_rating", "customer rating of the venue", demos=["1 out of 5"])])
    text = "Cotto is a coffee shop with low customer ratings in the city centre near The Bakers."
    reply = _rows({"name": "Cotto", "price_range": "low", "area": "city centre", "customer_rating": None})
    with FakeOpenAI([reply]) as fake:
        _event, rows = _extract(plan, fake.base_url, text)
    row = rows["Cotto"]
    assert "price_range" not in row  # "low" stands before the rating's noun
    assert row["area"].value == "city centre"  # "near" after it is no other column's noun


def _plan_with_area():
    from tests.extractors.test_plan_reader import _col, _plan

    return _plan("venue", "venue", [
        _col("price_range", "price range of the venue", labels=["cheap", "moderate", "high"]),
        _col("customer_rating", "customer rating of the venue", labels=["low", "average", "high"]),
        _col("kid_friendly", "kid friendly of the venue", labels=["yes", "no"]),
        _col("area", "area of the venue", labels=["riverside", "city centre"]),
        _col("near", "near of the venue", demos=["Crowne Plaza Hotel", "The Bakers"]),
    ])


def test_a_value_copied_into_a_second_column_stays_in_the_column_its_words_name() -> None:
    # the LLM writes the height's span as the number of lamps too: one span is one column's value
    reply = _rows({"name": "Skerry Point Lighthouse", "height_m": None, "keeper": None, "number_of_lamps": 35,
                   "first_lit_year": None})
    with FakeOpenAI([reply]) as fake:
        _event, rows = _extract(LIGHTHOUSE, fake.base_url, "Skerry Point Lighthouse has a height of 35 metres.")
    row = rows["Skerry Point Lighthouse"]
    assert row["height_m"].value == "35 metres" and "number_of_lamps" not in row


def test_an_existing_row_named_in_the_text_is_kept_when_the_llm_answers_about_another_subject(tmp_path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'dishes.sqlite'}")
    with engine.begin() as conn:
        conn.execute(sql("CREATE TABLE dish (id INTEGER PRIMARY KEY, name TEXT UNIQUE, course TEXT)"))
        conn.execute(sql("INSERT INTO dish (name, course) VALUES ('Baked Alaska', NULL), ('Binignit', 'Dessert'), "
                         "('Bakso', 'Main course'), ('Sandesh', 'Dessert')"))
    key = _col("name", "name of the dish").model_copy(update={"tool": "key"})
    table = {"table": "dish", "operation": "data_infilling", "entity": "dish", "key": ["name"], "only_existing_rows": True,
             "columns": [key, _col("course", "course of the dish", labels=["Dessert", "Main course"]),
                         _col("country", "country of the dish")]}  # unread: the LLM is asked
    plan = Plan(job="j", instruction="fill in dishes", planner="test", tables=[TablePlan(**table)])
    text = "Christmas pudding is an ingredient in Baked Alaska, which is a dessert, same as sandesh."
    reply = _rows({"name": "Christmas pudding", "country": None})  # the LLM takes the sentence's subject for the row
    with FakeOpenAI([reply, reply]) as fake:
        extractor = Extractor(plan, Settings(llm_base_url=fake.base_url, llm_timeout_s=5.0), ExtractorConfig(use_priors=False),
                              engine=engine)
        event, rows = _extract(plan, fake.base_url, text, extractor)
    assert event.stats.llm_calls == 1 and rows["Baked Alaska"]["course"].value == "Dessert"


def test_the_llms_longer_key_names_the_row_where_the_tables_keys_are_common_noun_phrases(tmp_path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'dishes.sqlite'}")
    with engine.begin() as conn:
        conn.execute(sql("CREATE TABLE dish (id INTEGER PRIMARY KEY, name TEXT UNIQUE, country TEXT)"))
        conn.execute(sql("INSERT INTO dish (name) VALUES ('Bacon sandwich'), ('Amatriciana sauce'), ('Baked Alaska')"))
    key = _col("name", "name of the dish").model_copy(update={"tool": "key"})
    table = {"table": "dish", "operation": "row_population", "entity": "dish", "key": ["name"],
             "columns": [key, _col("country", "country of the dish")]}
    plan = Plan(job="j", instruction="add dishes", planner="test", tables=[TablePlan(**table)])
    text = "Beef kway teow is a popular dish from a country in Asia."
    reply = _rows({"name": "Beef kway teow", "country": None})
    with FakeOpenAI([reply]) as fake:
        extractor = Extractor(plan, Settings(llm_base_url=fake.base_url, llm_timeout_s=5.0), ExtractorConfig(use_priors=False),
                              engine=engine)
        event, _rows_by_key = _extract(plan, fake.base_url, text, extractor)
    assert [r.key[0].value for r in event.rows] == ["Beef kway teow"]  # the finder's "Beef" is renamed


def test_a_country_goes_to_the_country_column_not_to_one_that_holds_no_countries() -> None:
    from text2db.schemas.plan import ValueFormat

    country = _col("country", "country of the peak", demos=["Nepal", "Chile", "France"])
    country = country.model_copy(update={"format": ValueFormat(kind="country")})
    plan = _plan("peak", "peak", [_col("massif", "massif of the peak", demos=["Alps", "Andes", "Karakoram"]), country])
    reply = _rows({"name": "Mount Meru", "massif": "Tanzania", "country": None})
    with FakeOpenAI([reply]) as fake:
        _event, rows = _extract(plan, fake.base_url, "Mount Meru is located in Tanzania, west of Kilimanjaro.")
    assert "massif" not in rows.get("Mount Meru", {})


def test_a_link_value_is_the_parents_name_without_the_llms_description() -> None:
    from text2db.schemas.plan import ColumnPlan, ForeignKeyLink

    link = ForeignKeyLink(table="shipyard", column="id", match_on="name", on_missing="create")
    plan = _plan("ship", "ship", [ColumnPlan(name="builder_id", tool="relation", question="builder of the ship",
                                             demonstrations=["Harland and Wolff", "Blohm & Voss"], link=link)])
    text = "SS Nomadic was launched in 1911 at the Harland and Wolff shipyard in Belfast."
    reply = _rows({"name": "SS Nomadic", "builder_id": "Harland and Wolff shipyard in Belfast"})
    with FakeOpenAI([reply]) as fake:
        _event, rows = _extract(plan, fake.base_url, text)
    assert rows["SS Nomadic"]["builder_id"].value == "Harland and Wolff"


def test_the_prompt_prefix_is_the_same_whichever_columns_are_asked() -> None:
    """The server reuses the cache of the longest common prefix: asking about other columns of the
    same table must not change anything before the document but the short 'asked' line."""
    table = LIGHTHOUSE.tables[0]
    one = docllm.build_messages(docllm.RowsRequest(table, "DOC ONE", columns=("keeper",)))[1]["content"]
    two = docllm.build_messages(docllm.RowsRequest(table, "DOC TWO", columns=("height_m", "first_lit_year")))[1]["content"]
    shared = len(os.path.commonprefix([one, two]))
    assert shared >= one.index("Each row has") and "height_m" in one[:shared]  # every column is described in both
    schema = docllm.rows_schema(docllm.RowsRequest(table, "DOC", columns=("keeper",)))
    assert set(schema["properties"]["rows"]["items"]["properties"]) == {"name", "keeper"}  # only the asked one is answered


def test_a_name_column_takes_the_name_without_the_place_the_llm_wrote_around_it() -> None:
    plan = _plan("painting", "painting", [_col("housed_in", "housed in of the painting",
                                               demos=["Louvre", "Rijksmuseum", "Museo del Prado", "Uffizi"])])
    reply = _rows({"name": "The Milkmaid", "housed_in": "Rijksmuseum in Amsterdam"},
                  {"name": "Primavera", "housed_in": "Florence's Galleria degli Uffizi"})
    text = ("The Milkmaid hangs in the Rijksmuseum in Amsterdam.\n\n\n\n\n\n\n"
            "Primavera is kept in Florence's Galleria degli Uffizi.")
    with FakeOpenAI([reply, reply]) as fake:
        _event, rows = _extract(plan, fake.base_url, text)
    assert rows["Milkmaid"]["housed_in"].value == "Rijksmuseum"  # (no rows show that keys keep "The")
    assert rows["Primavera"]["housed_in"].value == "Galleria degli Uffizi"


def test_a_date_the_llm_writes_in_the_asked_format_is_grounded_on_the_texts_date() -> None:
    plan = _plan("park", "park", [_col("established_date", "date on which the park was created", "date")])
    req = docllm.RowsRequest(plan.tables[0], "Banff National Park was established on 23 November 1885 in Alberta.")
    answer = docllm.ground(_rows({"name": "Banff National Park", "established_date": "1885-11-23"}), req)
    value, ev = answer.rows[0].values["established_date"]
    assert value == "23 November 1885" and ev.quote == "23 November 1885"
    wrong = docllm.ground(_rows({"name": "Banff National Park", "established_date": "1885-11-24"}), req)
    assert "established_date" not in wrong.rows[0].values  # another day is not grounded


def test_a_value_the_llm_put_in_one_column_goes_to_the_column_the_text_names_before_it() -> None:
    plan = _plan("venue", "venue", [_col("price_range", "price range of the venue", demos=["cheap", "high", "£20-25"]),
                                    _col("customer_rating", "customer rating of the venue", demos=["low", "average"])])
    reply = _rows({"name": "Saffron Lamp", "price_range": None, "customer_rating": "moderate"})
    with FakeOpenAI([reply]) as fake:
        _event, rows = _extract(plan, fake.base_url, "Saffron Lamp is an Indian restaurant. It is child friendly and "
                                                     "prices are moderate.")
    row = rows["Saffron Lamp"]
    assert row["price_range"].value == "moderate" and "customer_rating" not in row



def test_not_stated_where_the_column_is_never_written_is_trusted_apart_from_a_miss_where_it_is() -> None:
    """The student measures "not stated" in documents that never write the column's words apart
    from the reader's misses: after agreeing on enough of the first, the LLM stops being asked
    about them, while a document that writes the column's words and leaves the reader empty
    handed is still asked (one measure of both would have stopped asking for it too)."""
    plan = _plan("venue", "venue", [_col("price_range", "price range of the venue", labels=["cheap", "moderate", "high"])])
    with FakeOpenAI(repeat_last=True) as fake:
        extractor = _asking(plan, fake)
        calls = []
        for i in range(12):
            name = f"Copper {chr(65 + i)}{chr(97 + i)}rrow"
            fake.replies = [_rows({"name": name, "price_range": None})]
            event, _rows_read = _extract(plan, fake.base_url, f"{name} is a quiet place by the river.", extractor)
            calls.append(event.stats.llm_calls)
        assert calls[0] == 1 and sum(calls[-3:]) == 0
        fake.replies = [_rows({"name": "Copper Zed", "price_range": None})]
        event, _rows_read = _extract(plan, fake.base_url, "Copper Zed is by the river; its prices are a bargain.", extractor)
    assert event.stats.llm_calls == 1


def test_an_llm_value_that_belongs_to_another_column_is_no_cell_and_no_check_of_the_reader() -> None:
    """'child friendly establishment' is what the kid_friendly column says, not an eat type; 'low'
    is another column's label. Neither replaces the reader's answer nor counts against it."""
    plan = _plan("venue", "venue", [
        _col("eat_type", "eat type of the venue", demos=["coffee shop", "pub", "restaurant"]),
        _col("price_range", "price range of the venue", labels=["cheap", "moderate", "high"]).model_copy(update={"labels_open": True}),
        _col("customer_rating", "customer rating of the venue", labels=["low", "average", "5 out of 5"]),
        _col("kid_friendly", "kid friendly of the venue", labels=["yes", "no"]),
    ])
    text = "Copper Mill is a child friendly establishment with a low customer rating."
    reply = _rows({"name": "Copper Mill", "eat_type": "child friendly establishment", "price_range": "low",
                   "customer_rating": "low", "kid_friendly": "yes"})
    with FakeOpenAI([reply]) as fake:
        extractor = _asking(plan, fake)
        _event, rows = _extract(plan, fake.base_url, text, extractor)
    assert "eat_type" not in rows["Copper Mill"] and "price_range" not in rows["Copper Mill"]
    checked = {k.split("\x1f")[1] for k in extractor.student.agreement}
    assert not checked & {"eat_type", "price_range"}


@pytest.mark.parametrize(("title", "rest"), [
    ("Girl with a Pearl Earring", " is an oil on canvas painting by Johannes Vermeer. It hangs in the Mauritshuis."),
    ("Gone with the Wind", " is a novel by Margaret Mitchell, published by Macmillan."),
])
def test_a_title_whose_small_words_are_lower_case_is_the_row_the_llm_names(title: str, rest: str) -> None:
    """Title case writes a title's small words lower-case ("with a", "at"): the LLM's key that
    carries them on to capitalized words is the name, where the finder stopped at the first."""
    from tests.extractors.test_plan_reader import _col, _plan

    plan = _plan("work", "work", [_col("creator", "creator of the work")])
    creator = rest.split(" by ")[1].split(".")[0].split(",")[0]
    with FakeOpenAI([_rows({"name": title, "creator": creator})]) as fake:
        _event, rows = _extract(plan, fake.base_url, title + rest)
    assert title in rows and rows[title]["creator"].value == creator


def test_a_place_after_the_name_is_not_part_of_it() -> None:
    """"in" and "at" before a place end a name: "Harland and Wolff in Belfast" is two names."""
    from text2db.extractors.rowwriter import _fuller

    assert not _fuller("Harland and Wolff in Belfast", "Harland and Wolff")
    assert not _fuller("The Mill coffee shop", "The Mill")
    assert _fuller("Girl with a Pearl Earring", "Girl")


def test_a_foreign_names_particles_do_not_make_the_column_one_of_descriptions() -> None:
    """"Theater auf der Wieden" is a name as "Museo del Prado" is: its lower-case "auf der" does
    not stop the column from taking the name without the place the LLM wrote after it."""
    plan = _plan("opera", "opera", [_col("premiere_venue", "premiere venue of the opera",
                                         demos=["La Fenice", "Theater auf der Wieden", "Opéra-Comique"])])
    text = "Tosca was first performed at the Teatro Costanzi in Rome on 14 January 1900."
    with FakeOpenAI([_rows({"name": "Tosca", "premiere_venue": "Teatro Costanzi in Rome"})]) as fake:
        _event, rows = _extract(plan, fake.base_url, text)
    assert rows["Tosca"]["premiere_venue"].value == "Teatro Costanzi"


def test_a_new_open_label_is_written_in_the_wording_of_the_existing_labels() -> None:
    """Where the labels say "less than £20" and "moderate", the text's "above £30" is the new label
    "more than £30", and "high-priced" the new label "high": no label of a price column carries
    the column's own word."""
    price = _col("price_range", "price range of the venue", labels=["cheap", "moderate", "less than £20", "£20-25"])
    table = _plan("venue", "venue", [price.model_copy(update={"labels_open": True})]).tables[0]
    text = "Jasmine is a high-priced Thai place. Quayside charges above £30 a head."
    req = docllm.RowsRequest(table, text)
    assert docllm.ground(_rows({"name": "Jasmine", "price_range": "high-priced"}), req).rows[0].values["price_range"][0] == "high"
    assert docllm.ground(_rows({"name": "Quayside", "price_range": "above £30"}), req).rows[0].values["price_range"][0] == "more than £30"
    written = _col("price_range", "price range of the venue", labels=["low-priced", "cheap", "moderate"])
    as_written = _plan("venue", "venue", [written.model_copy(update={"labels_open": True})]).tables[0]
    keeps = docllm.ground(_rows({"name": "Jasmine", "price_range": "high-priced"}), docllm.RowsRequest(as_written, text))
    assert keeps.rows[0].values["price_range"][0] == "high-priced"  # its labels carry the word: so does the new one
    values = _col("price_range", "price range of the venue", demos=["cheap", "moderate", "less than £20", "£20-25"])
    plain = docllm.RowsRequest(_plan("venue", "venue", [values]).tables[0], text)  # too few rows for a label set
    assert docllm.ground(_rows({"name": "Quayside", "price_range": "above £30"}), plain).rows[0].values["price_range"][0] == "more than £30"
    assert docllm.ground(_rows({"name": "Jasmine", "price_range": "high-priced"}), plain).rows[0].values["price_range"][0] == "high"
    # the three most frequent values show no comparative; the format's examples, from the same rows, do
    sampled = _col("price_range", "price range of the venue", demos=["cheap", "moderate", "high"])
    sampled = sampled.model_copy(update={"format": sampled.format.model_copy(update={"examples": ["high", "less than £20"]})})
    shown = docllm.RowsRequest(_plan("venue", "venue", [sampled]).tables[0], text)
    assert docllm.ground(_rows({"name": "Quayside", "price_range": "above £30"}), shown).rows[0].values["price_range"][0] == "more than £30"


def test_the_llms_longer_key_around_an_existing_rows_name_is_that_row(tmp_path) -> None:
    """The LLM writes the row as the text names it ("Sonata No. 4 in D major, The Lantern"); the
    table's key is written another way ("Sonata No. 4 (Halvorsen)"), and the gazetteer found it
    inside the LLM's key. Its values fill that row, not a new one the filling job must refuse."""
    engine = create_engine(f"sqlite:///{tmp_path / 'sonatas.sqlite'}")
    with engine.begin() as conn:
        conn.execute(sql("CREATE TABLE sonata (id INTEGER PRIMARY KEY, title TEXT UNIQUE, premiere_city TEXT)"))
        conn.execute(sql("INSERT INTO sonata (title, premiere_city) VALUES ('Sonata No. 4 (Halvorsen)', NULL), "
                         "('Sonata No. 2 (Varga)', 'Pécs'), ('Sonata No. 1 (Lindqvist)', 'Uppsala')"))
    key = ColumnPlan(name="title", tool="key", question="title of the sonata")
    table = {"table": "sonata", "operation": "data_infilling", "entity": "sonata", "key": ["title"], "only_existing_rows": True,
             "columns": [key, _col("premiere_city", "premiere city of the sonata", demos=["Pécs", "Uppsala"])]}
    plan = Plan(job="j", instruction="fill in premiere cities", planner="test", tables=[TablePlan(**table)])
    text = "Ingrid Halvorsen's Sonata No. 4 in D major, The Lantern, was first played in Bergen on 3 May 1911."
    reply = _rows({"title": "Sonata No. 4 in D major, The Lantern", "premiere_city": "Bergen"})
    with FakeOpenAI([reply]) as fake:
        extractor = Extractor(plan, Settings(llm_base_url=fake.base_url, llm_timeout_s=5.0), ExtractorConfig(use_priors=False),
                              engine=engine)
        _event, rows = _extract(plan, fake.base_url, text, extractor)
    engine.dispose()
    assert rows["Sonata No. 4 (Halvorsen)"]["premiere_city"].value == "Bergen"
    assert "Sonata No. 4 in D major, The Lantern" not in rows


def test_a_number_the_text_writes_as_a_word_grounds_the_llms_digits() -> None:
    text = "Skerry Point Lighthouse, kept by Agnes Morrow, carries three lamps."
    answer = docllm.ground(_rows({"name": "Skerry Point Lighthouse", "number_of_lamps": 3, "height_m": 4}),
                           docllm.RowsRequest(LIGHTHOUSE.tables[0], text))
    value, evidence = answer.rows[0].values["number_of_lamps"]
    assert (value, evidence.quote) == ("3", "three")
    assert "height_m" not in answer.rows[0].values  # four is written nowhere


def test_a_country_the_llm_writes_after_a_place_is_no_part_of_it_where_the_columns_values_have_no_comma() -> None:
    from text2db.schemas.plan import ValueFormat

    city = _col("host_city", "host city of the regatta", demos=["Kiel", "Cowes", "Marstrand"])
    country = _col("country", "country of the regatta", demos=["Germany", "Sweden", "Norway"])
    country = country.model_copy(update={"format": ValueFormat(kind="country")})
    text = "The Fjord Cup regatta was held in Bergen, Norway in 2004."
    reply = _rows({"name": "Fjord Cup", "host_city": "Bergen, Norway", "country": "Norway"})
    answer = docllm.ground(reply, docllm.RowsRequest(_plan("regatta", "regatta", [city, country]).tables[0], text))
    values = {c: v for c, (v, _ev) in answer.rows[0].values.items()}
    assert values == {"host_city": "Bergen", "country": "Norway"}
    listed = _col("venue", "venue of the regatta", demos=["Kiel, Germany", "Cowes, United Kingdom", "Marstrand"])
    answer = docllm.ground(_rows({"name": "Fjord Cup", "venue": "Bergen, Norway"}),
                           docllm.RowsRequest(_plan("regatta", "regatta", [listed]).tables[0], text))
    assert answer.rows[0].values["venue"][0] == "Bergen, Norway"  # this column's values are written with the country


def test_a_former_country_after_a_comma_is_no_part_of_a_place() -> None:
    """"Brno, Czechoslovakia": the country says where the city is, as "Lillehammer, Norway" does,
    though no present country is called so."""
    plan = _plan("ballet", "ballet", [_col("premiere_city", "premiere city of the ballet", demos=["Paris", "Moscow"])])
    text = "Romeo and Juliet was first danced in Brno, Czechoslovakia, on 30 December 1938."
    for city in ("Brno, Czechoslovakia", "Brno, Norway"):
        values = docllm.ground(_rows({"name": "Romeo and Juliet", "premiere_city": city}),
                               docllm.RowsRequest(plan.tables[0], text.replace("Czechoslovakia", city.split(", ")[1]))).rows[0].values
        assert values["premiere_city"][0] == "Brno"


def test_a_name_loses_the_lower_case_place_the_llm_wrote_after_it() -> None:
    """"Mill Weir on the riverside": the neighbour is Mill Weir; where it lies is another column's
    matter (a column of names, none with such a phrase)."""
    plan = _plan("venue", "venue", [_col("near", "near of the venue", demos=["Crowne Plaza Hotel", "The Bakers"])])
    text = "Close to Mill Weir on the riverside, Lumen is a coffee shop."
    with FakeOpenAI([_rows({"name": "Lumen", "near": "Mill Weir on the riverside"})]) as fake:
        _event, rows = _extract(plan, fake.base_url, text)
    assert rows["Lumen"]["near"].value == "Mill Weir"
