"""The LLM planner against a scripted OpenAI-compatible HTTP server on 127.0.0.1: parsing,
revision with the analyzer's feedback, and the fall back to the rule planner."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

from tests.fake_openai import FakeOpenAI
from text2db.config import Settings
from text2db.planner.api import make_plan
from text2db.planner.instruction import stated_task
from text2db.planner.exceptions import LlmPlanInvalid
from text2db.planner.llm_planner import parse_draft

INSTRUCTION = "Fill in the missing genre and release year of the films."


def _draft(**overrides) -> str:
    draft = {"task_type": "data_infilling", "table": "films", "columns": ["genre", "released"], "new_column": None,
             "only_existing_rows": False}
    return json.dumps({**draft, **overrides})


def _settings(url: str) -> Settings:
    return Settings(llm_base_url=url, llm_model="fake-model", llm_timeout_s=10, planner_llm="first")


def test_llm_plan_is_parsed_built_and_analyzed(sqlite_movies: Engine, fake_openai) -> None:
    with fake_openai([_draft()]) as server:
        result = make_plan(sqlite_movies, INSTRUCTION, "j", _settings(server.base_url), llm=True)
    assert result.plan.planner == "llm:fake-model" and result.report.planners_tried == ["llm:fake-model"]
    films = result.plan.table("films")
    assert [c.name for c in films.columns if c.tool != "key"] == ["genre", "released"]
    assert films.column("genre").labels == ["comedy", "drama", "thriller"]
    assert result.report.passed and result.report.simulation.status == "passed"
    body = server.requests[0]
    assert body["model"] == "fake-model" and body["response_format"]["type"] == "json_object"
    assert body["response_format"]["schema"]["properties"]["table"]["enum"] == ["actors", "directors", "films"]
    assert "table films" in body["messages"][1]["content"] and INSTRUCTION in body["messages"][1]["content"]


def test_stated_task_type_and_row_restriction_win_over_the_model(sqlite_movies: Engine, fake_openai) -> None:
    instruction = "Add the films described in these articles, with their genre and release year."
    with fake_openai([_draft(only_existing_rows=True)]) as server:
        result = make_plan(sqlite_movies, instruction, "j", _settings(server.base_url), llm=True)
    films = result.plan.table("films")
    assert result.plan.planner == "llm:fake-model"
    assert films.operation == "row_population" and not films.only_existing_rows
    assert "llm:fake-model planned data_infilling; the instruction says row_population" in result.report.notes


def test_wording_that_creates_missing_parents_says_nothing_of_the_childrens_task(sqlite_movies: Engine,
                                                                                fake_openai) -> None:
    # "missing" in "add any director that is missing" is about the parents' rows, not the films'
    # gaps: the films are recorded (rows added), and a director not there yet is created first.
    instruction = ("Record the films described in these notes. Every film has a director (director_id); "
                   "add any director that is missing, with their birth date.")
    with fake_openai([_draft(columns=["director_id", "released"])]) as server:
        result = make_plan(sqlite_movies, instruction, "j", _settings(server.base_url), llm=True)
    films = result.plan.table("films")
    assert films.operation == "row_population" and not films.only_existing_rows
    link = films.column("director_id").link
    assert link is not None and link.on_missing == "create"
    # and without a verb of adding for the films, that "missing" states no task: the documents decide
    assert stated_task("Here are films from the notes; add any director that is missing.") is None
    assert stated_task("Fill in the films' missing genres; add any director who is not yet listed.") == "data_infilling"


def test_explicit_wording_wins_over_a_wrong_draft(sqlite_movies: Engine, fake_openai) -> None:
    instruction = 'Add a new column "death_date" to the directors table: the date of death, as an ISO date YYYY-MM-DD.'
    with fake_openai([_draft(table="directors", task_type="data_infilling", columns=[])]) as server:
        result = make_plan(sqlite_movies, instruction, "j", _settings(server.base_url), llm=True)
    assert len(server.requests) == 1
    directors = result.plan.table("directors")
    assert result.plan.planner == "llm:fake-model" and directors.operation == "column_addition"
    new = directors.column("death_date")
    assert new.new is not None and new.value_type == "date" and new.format.pattern == "%Y-%m-%d"
    assert result.report.simulation.status == "passed"


def test_column_addition_the_rules_cannot_read_comes_from_the_llm(sqlite_movies: Engine, fake_openai) -> None:
    instruction = "We also want to know when each director died, kept as an ISO date YYYY-MM-DD."
    replies = [_draft(table="directors", task_type="column_addition", columns=[]),  # no new column: refused
               _draft(table="directors", task_type="column_addition", columns=[],
                      new_column={"name": "death_date", "value_type": "date", "question": "date of death"})]
    with fake_openai(replies) as server:
        result = make_plan(sqlite_movies, instruction, "j", _settings(server.base_url), llm=True)
    assert len(server.requests) == 2 and "declares no new_column" in server.requests[1]["messages"][1]["content"]
    directors = result.plan.table("directors")
    assert directors.operation == "column_addition" and result.report.revisions == 1
    new = directors.column("death_date")
    assert new.new is not None and new.value_type == "date" and new.format.pattern == "%Y-%m-%d"
    assert new.question.startswith("date of death")


def test_analyzer_feedback_drives_a_revision(sqlite_movies: Engine, fake_openai) -> None:
    replies = [_draft(columns=["genre", "shoe_size"]), _draft()]
    with fake_openai(replies) as server:
        result = make_plan(sqlite_movies, INSTRUCTION, "j", _settings(server.base_url), llm=True)
    assert len(server.requests) == 2 and result.report.revisions == 1
    assert "shoe_size" in server.requests[1]["messages"][1]["content"]
    assert result.plan.planner == "llm:fake-model"
    assert {c.name for c in result.plan.table("films").columns} == {"title", "genre", "released"}


@pytest.mark.parametrize("reply", ["I think you should fill the genre.", "FAIL",
                                   _draft(table="films; DROP TABLE films"),
                                   _draft(task_type="column_addition", columns=[],
                                          new_column={"name": "x; DROP TABLE films", "value_type": "text"})])
def test_unusable_llm_output_falls_back_to_rules(sqlite_movies: Engine, fake_openai, reply: str) -> None:
    scripted = fake_openai.FAIL if reply == "FAIL" else reply
    with fake_openai([scripted]) as server:
        result = make_plan(sqlite_movies, INSTRUCTION, "j", _settings(server.base_url), llm=True, max_revisions=1)
    # an invalid answer gets one revision; a failing endpoint is not asked again
    assert len(server.requests) == (1 if reply == "FAIL" else 2)
    assert result.plan.planner == "rules.v1" and result.report.planners_tried == ["llm:fake-model", "rules.v1"]
    assert any("rule planner" in n for n in result.report.notes)
    with sqlite_movies.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM films")).scalar() == 30


def test_llm_off_or_unconfigured_uses_rules(sqlite_movies: Engine, fake_openai) -> None:
    with fake_openai([_draft()]) as server:
        off = make_plan(sqlite_movies, INSTRUCTION, "j", _settings(server.base_url), llm=False)
        assert not server.requests and off.plan.planner == "rules.v1"
    unconfigured = make_plan(sqlite_movies, INSTRUCTION, "j", Settings(llm_base_url=None), llm=True)
    assert unconfigured.plan.planner == "rules.v1" and any("unavailable" in n for n in unconfigured.report.notes)


def test_parse_draft_accepts_fenced_json_and_rejects_the_rest() -> None:
    assert parse_draft("```json\n" + _draft() + "\n```").table == "films"
    for bad in ("", "no json", '{"task_type": "delete_everything", "table": "films"}', "{not json}"):
        with pytest.raises(LlmPlanInvalid):
            parse_draft(bad)


def test_fallback_mode_plans_with_rules_and_never_calls_the_llm_when_they_pass(sqlite_movies: Engine) -> None:
    with FakeOpenAI([]) as server:
        settings = Settings(llm_base_url=server.base_url, llm_model="fake-model", llm_timeout_s=10, planner_llm="fallback")
        result = make_plan(sqlite_movies, INSTRUCTION, "j", settings)
    assert result.plan.planner == "rules.v1" and server.requests == []


def test_llm_first_skips_the_llm_when_the_wording_decides_everything(sqlite_movies: Engine, fake_openai) -> None:
    # table, task and columns named: no LLM decision could change the plan, so no call is spent on it
    with fake_openai([_draft()]) as server:
        explicit = make_plan(sqlite_movies, INSTRUCTION, "j", _settings(server.base_url))
        assert server.requests == []
    rules = make_plan(sqlite_movies, INSTRUCTION, "j", _settings(server.base_url), llm=False)
    def shape(plan):  # the format's example values are a fresh sample of the rows each time
        return [(t.table, t.operation, t.key, [(c.name, c.tool, c.value_type, c.labels) for c in t.columns])
                for t in plan.tables]

    assert explicit.plan.planner == "rules.v1" and shape(explicit.plan) == shape(rules.plan)
    assert any("LLM planner was not asked" in n for n in explicit.report.notes)


@pytest.mark.parametrize(("instruction", "left_open"), [
    ("Keep the films table up to date with genre and release year from these articles.", "task"),
    ("Fill in the missing genre and release year.", "table"),
    ("Fill in the missing genre, mood and release year of the films.", "columns"),
])
def test_llm_first_asks_the_llm_when_the_wording_leaves_a_decision(sqlite_movies: Engine, fake_openai,
                                                                   instruction: str, left_open: str) -> None:
    from text2db.planner.observer import observe
    from text2db.planner.rules import plan_with_rules

    assert left_open in plan_with_rules(instruction, observe(sqlite_movies), "j").left_open
    with fake_openai([_draft()]) as server:
        result = make_plan(sqlite_movies, instruction, "j", _settings(server.base_url))
    assert len(server.requests) == 1 and result.plan.planner == "llm:fake-model"
