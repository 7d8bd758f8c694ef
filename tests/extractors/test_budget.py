"""Issue 13 item 10: the per-document LLM budget caps every call's timeout. A document took 60 s
against a 30 s budget because each call waited up to the client timeout (llm_timeout_s), and
each table's row-writer call had the whole budget again. A server slower than the budget now
costs the document its budget, not the client timeout times the calls."""

from __future__ import annotations

import time

import pytest
from conftest import make_plan

from text2db.config import Settings
from text2db.extractors.configuration import ExtractorConfig
from text2db.extractors.pipeline import Extractor
from text2db.schemas.events import DocumentEvent
from text2db.schemas.plan import Plan

TEXT = ("Louise Faure-Favier (December 12, 1870 – March 5, 1961) was a French writer and aviator. "
        "She was born in Firminy. Her novel Blanche et Noir was published in 1928 by Ferenczi.")
BUDGET_S = 1.5
SLOW_S = 6.0  # the server answers after this long: far past the budget, well below llm_timeout_s


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TEXT2DB_HOME", str(tmp_path / "home"))


def timed_extract(plan: Plan, base_url: str | None, **config: object) -> float:
    extractor = Extractor(plan, Settings(llm_base_url=base_url, llm_timeout_s=60.0),
                          ExtractorConfig(llm_seconds_per_document=BUDGET_S, llm_retries=0, accept_threshold=0.99, **config))
    started = time.monotonic()
    extractor.extract(DocumentEvent(job="j", document_id="d1", text=TEXT))
    return time.monotonic() - started


@pytest.mark.parametrize("mode", ["rows", "choose"])
def test_a_slow_llm_costs_a_document_its_budget_not_the_client_timeout(fake_llm, mode: str) -> None:
    person = make_plan("person", "person", "name", ["birth", "death", "birth_place", "citizenship"])
    work = make_plan("work", "work", "title", ["released", "author"])
    org = make_plan("publisher", "organization", "name", ["country", "founded"])
    plan = person.model_copy(update={"tables": person.tables + work.tables + org.tables})
    baseline = timed_extract(plan, None, llm_mode=mode)  # loads the models; the time without any LLM call
    baseline = min(baseline, timed_extract(plan, None, llm_mode=mode))
    fake_llm.replies.append(("sleep", SLOW_S, "{}"))
    fake_llm.repeat_last = True
    elapsed = timed_extract(plan, fake_llm.base_url, llm_mode=mode, llm_calls_per_document=3, llm_for_missing=True)
    assert fake_llm.requests, "the LLM was never asked: the test would not measure the budget"
    assert elapsed - baseline < BUDGET_S + 1.0, f"{elapsed:.1f} s with a {BUDGET_S} s budget (baseline {baseline:.1f} s)"
