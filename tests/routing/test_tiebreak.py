"""Issue 16: the LLM tie-break sees each close job as the tables it stores (row entity, columns, a
few existing keys) and names the one whose table would store the document's subject; its pick comes
first, a job the small models chose on a full key of its rows keeps the document, and an answer
outside the close jobs changes nothing. The LLM is scripted at the HTTP level (a process boundary
we don't own); the router, encoder and NER are real."""

from __future__ import annotations

import json

from tests.fake_openai import FakeOpenAI
from tests.routing.test_subject import CONFIG, jobs
from text2db.routing.scorer import Document, Router
from text2db.routing.tiebreak import job_card, llm_tiebreaker

DOC = "Mole poblano was the favourite dish of Nelson Mandela, who was born in Mvezo in 1918."


def router(server: FakeOpenAI, **update: float) -> Router:
    config = CONFIG.model_copy(update={"tie_margin": 1.0, "multi_margin": 1.0, **update})
    memories = jobs()
    return Router(memories, config, llm_tiebreaker(server.base_url, config, memories))


def test_a_job_card_shows_tables_columns_and_keys_main_table_first() -> None:
    card = job_card(jobs()[0])
    assert card.startswith("- dishes: table dish (one row per dish; columns: country; main ingredients; e.g. Bakewell tart, Mole poblano)")
    assert "Bakewell tart" in card and card.index("table dish") < card.index("table country") and "Mexico" in card


def test_the_llm_pick_comes_first_and_a_full_key_keeps_the_other_job() -> None:
    with FakeOpenAI(['{"job": "people"}']) as server:
        routing = router(server)
        decision = routing.route([Document("d", DOC)])[0]
    prompt = server.requests[0]["messages"][1]["content"]
    assert "table person (one row per person" in prompt and "Nelson Mandela" in prompt and DOC in prompt
    schema = server.requests[0]["response_format"]["schema"]  # the form llama-cpp-python's server accepts
    assert sorted(schema["properties"]["job"]["enum"]) == ["dishes", "people"]
    assert decision.decided_by == "llm" and [c.job for c in decision.chosen] == ["people", "dishes"]
    assert routing.llm_calls == 1 and routing.llm_seconds > 0


def test_an_answer_outside_the_close_jobs_leaves_the_small_models_choice() -> None:
    with FakeOpenAI([json.dumps({"job": "films"}), FakeOpenAI.FAIL]) as server:
        routing = router(server)
        small = Router(jobs(), routing.config).route([Document("d", DOC)])[0]
        outside, failed = routing.route([Document("d", DOC), Document("d", DOC)])
    for decision in (outside, failed):
        assert decision.decided_by == "small_models" and decision.chosen == small.chosen


def test_every_call_starts_with_the_same_cards_so_the_server_reuses_its_cache() -> None:
    other = "Ada Lovelace (born 1815 in London) wrote about Bakewell tart in a letter to Nelson Mandela's ancestors."
    with FakeOpenAI(['{"job": "people"}'], repeat_last=True) as server:
        router(server).route([Document("a", DOC), Document("b", other)])
        router(server, llm_cards="close").route([Document("c", DOC)])
    first, second, close = (r["messages"][1]["content"] for r in server.requests)
    prefix = first[: first.index("<document>")]
    assert second.startswith(prefix) and "- dishes:" in prefix and "- people:" in prefix
    assert close.startswith("Databases:\n- ") and "Candidates: " in close
