"""Router decisions against a scripted OpenAI-compatible server over real HTTP on 127.0.0.1."""

from __future__ import annotations

import json

import pytest

from text2db.config import Settings
from text2db.extractors.configuration import ExtractorConfig
from text2db.extractors.pipeline import Extractor
from text2db.schemas.events import DocumentEvent

TEXT = (
    "Louise Faure-Favier (December 12, 1870 – March 5, 1961) was a French writer and aviator. "
    "She was born Jeanne Lucie Augustine Claudia Faure-Favier in Firminy. In 1945, she published a memoir."
)
DOC = DocumentEvent(job="j", document_id="d1", text=TEXT)
NAME = "Louise Faure-Favier"


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TEXT2DB_HOME", str(tmp_path / "home"))  # LLM labels land in a temporary home


def _extractor(plan, base_url: str | None, **config: object) -> Extractor:
    settings = Settings(llm_base_url=base_url, llm_timeout_s=2.0)
    return Extractor(plan, settings, ExtractorConfig(**{"llm_mode": "choose", **config}))  # the per-entity chooser


def _row(event, name: str = NAME):
    return next(r for r in event.rows if r.key[0].value == name)


def test_confident_small_model_values_never_reach_the_llm(person_plan, fake_llm) -> None:
    event = _extractor(person_plan, fake_llm.base_url).extract(DOC)
    cells = {c.column: c for c in _row(event).cells}
    assert cells["birth"].value == "December 12, 1870" and cells["birth"].tool == "text2db.span_extractor.v2"
    assert fake_llm.requests == []
    assert event.stats.llm_calls == 0 and event.stats.values_llm == 0
    assert event.stats.values_small_model == sum(len(r.cells) for r in event.rows)


def test_gray_zone_values_go_to_the_llm_as_a_choice_and_its_pick_wins(person_plan, fake_llm) -> None:
    fake_llm.replies.append(json.dumps({"birth": 1, "death": 1, "birth_place": 1, "citizenship": 1}))
    event = _extractor(person_plan, fake_llm.base_url, accept_threshold=0.99, llm_calls_per_document=1).extract(DOC)
    assert len(fake_llm.requests) == 1
    sent = fake_llm.requests[0]
    prompt = sent["messages"][1]["content"]
    assert NAME in prompt and '1 = "Firminy"' in prompt and "0 = none of these" in prompt
    schema = sent["response_format"]["schema"]  # the server's grammar allows option numbers only
    assert sent["response_format"]["type"] == "json_object" and schema["properties"]["birth_place"]["enum"][0] == 0
    assert sent["max_tokens"] <= 64  # a choice is a few tokens, not a written answer
    cells = {c.column: c for c in _row(event).cells}
    assert cells["birth_place"].tool == "text2db.llm.v2" and cells["birth_place"].value == "Firminy"
    assert TEXT[cells["birth_place"].evidence.start:cells["birth_place"].evidence.end] == "Firminy"
    assert cells["birth"].tool == "text2db.llm.v2" and cells["birth"].confidence > 0.9  # agreement raises confidence
    assert event.stats.llm_calls == 1 and event.stats.llm_tokens == 120 and event.stats.values_llm >= 3
    labels = (Settings().home / "labels" / "llm.jsonl").read_text().splitlines()  # distillation labels recorded
    assert any("Firminy" in line for line in labels)


def test_the_llm_saying_none_drops_the_guess_and_a_missing_answer_keeps_it(person_plan, fake_llm) -> None:
    fake_llm.replies.append(json.dumps({"birth_place": 0, "birth": 7}))  # 7 is no option: keep the rules' value
    event = _extractor(person_plan, fake_llm.base_url, accept_threshold=0.99, llm_calls_per_document=1).extract(DOC)
    cells = {c.column: c for c in _row(event).cells}
    assert "birth_place" not in cells
    assert cells["birth"].value == "December 12, 1870" and cells["birth"].tool == "text2db.span_extractor.v2"


@pytest.mark.parametrize(("written", "kept"), [("Lyon", False), ("Firminy", True), ("1871", False)])
def test_cells_without_candidates_let_the_llm_write_but_only_grounded_values_stay(person_plan, fake_llm, written: str, kept: bool) -> None:
    fake_llm.replies.append(json.dumps({"death_place": written}))
    # Firminy is no other cell's span here (where she was born, it would stay the birth place's)
    text = TEXT.replace("was born Jeanne Lucie Augustine Claudia Faure-Favier in Firminy", "spent her last years in Firminy")
    doc = DocumentEvent(job="j", document_id="d3", text=text)
    event = _extractor(person_plan, fake_llm.base_url, llm_for_missing=True, llm_calls_per_document=1).extract(doc)
    sent = fake_llm.requests[0]
    assert sent["response_format"] == {"type": "json_object"} and '"death_place"' in sent["messages"][1]["content"]
    cells = {c.column: c for c in _row(event).cells}
    assert ("death_place" in cells) is kept
    if kept:
        assert cells["death_place"].tool == "text2db.llm.v2" and cells["death_place"].evidence.quote == written


def test_budget_caps_llm_calls_per_document(person_plan, fake_llm) -> None:
    fake_llm.replies += ["{}", "{}", "{}"]
    text = TEXT + " Her friend Guillaume Apollinaire (26 August 1880 – 9 November 1918) was a French poet."
    _extractor(person_plan, fake_llm.base_url, accept_threshold=0.99, llm_calls_per_document=1).extract(
        DocumentEvent(job="j", document_id="d2", text=text))
    assert len(fake_llm.requests) == 1


def test_server_errors_are_retried_then_fall_back(person_plan, fake_llm) -> None:
    fake_llm.replies += [500, json.dumps({"birth_place": 1})]
    event = _extractor(person_plan, fake_llm.base_url, accept_threshold=0.99, llm_retries=1, llm_calls_per_document=2).extract(DOC)
    assert len(fake_llm.requests) == 2
    cells = {c.column: c for c in _row(event).cells}
    assert cells["birth_place"].value == "Firminy" and cells["birth_place"].tool == "text2db.llm.v2"


def test_timeouts_fall_back_to_the_small_model(person_plan, fake_llm) -> None:
    fake_llm.replies += [("sleep", 3.0, "{}")]
    event = _extractor(person_plan, fake_llm.base_url, accept_threshold=0.99, llm_retries=0, llm_calls_per_document=1).extract(DOC)
    cells = {c.column: c for c in _row(event).cells}
    assert cells["birth"].tool == "text2db.span_extractor.v2"
    assert event.stats.llm_calls == 1 and event.stats.values_llm == 0


def test_no_endpoint_means_no_llm(person_plan) -> None:
    event = _extractor(person_plan, None, accept_threshold=0.99).extract(DOC)
    assert event.stats.llm_calls == 0
    assert {c.column: c.value for c in _row(event).cells}["death"] == "March 5, 1961"


@pytest.mark.parametrize("garbage", ["not json at all", "[1, 2]", '{"birth": {"$eval": "1+1"}}', '{"birth": true}'])
def test_malformed_answers_are_dropped(person_plan, fake_llm, garbage: str) -> None:
    fake_llm.replies.append(garbage)
    event = _extractor(person_plan, fake_llm.base_url, accept_threshold=0.99, llm_retries=0).extract(DOC)
    assert all(c.tool == "text2db.span_extractor.v2" for r in event.rows for c in r.cells)
    assert {c.column: c.value for c in _row(event).cells}["birth"] == "December 12, 1870"
