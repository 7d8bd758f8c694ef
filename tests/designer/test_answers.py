"""`text2db bench schema --answers FILE` (designer/answers.py): a second run reads the model's
recorded answers and asks nothing, so two designer versions can be compared on the same answers."""

from __future__ import annotations

from pathlib import Path

from text2db.config import Settings
from text2db.designer.bench import run_bench

REQUIREMENT = "Teams have a name. Each player has a name and plays for one team."
REFERENCE = ("CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT);\n"
             "CREATE TABLE player (player_id INTEGER PRIMARY KEY, name TEXT, team_id INTEGER REFERENCES team(team_id));")
ANSWER = ("CREATE TABLE team (team_id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"
          "CREATE TABLE player (player_id INTEGER PRIMARY KEY, name TEXT, team_id INTEGER REFERENCES team(team_id));")


def _dataset(root: Path) -> Path:
    (root / "set" / "p1").mkdir(parents=True)
    (root / "set" / "p1" / "requirement.txt").write_text(REQUIREMENT)
    (root / "set" / "p1" / "schema.sql").write_text(REFERENCE)
    return root / "set"


def test_a_second_run_reads_the_recorded_answers_and_asks_nothing(fake_llm, tmp_path) -> None:  # type: ignore[no-untyped-def]
    dataset, answers = _dataset(tmp_path), tmp_path / "answers.json"
    with fake_llm([ANSWER]) as server:
        first = run_bench(dataset, tmp_path / "out1", Settings(llm_base_url=server.base_url), llm=True, answers=answers)
        asked = len(server.requests)
    assert first["llm_designs"] == 1 and first["llm_prompts_asked"] == asked >= 1 and answers.exists()
    with fake_llm([fake_llm.FAIL], repeat_last=True) as server:  # a model that would fail every prompt
        second = run_bench(dataset, tmp_path / "out2", Settings(llm_base_url=server.base_url), llm=True, answers=answers)
        assert server.requests == []
    assert second["llm_prompts_asked"] == 0 and second["llm_designs"] == 1
    assert second["rows"][0]["fk_accuracy"] == first["rows"][0]["fk_accuracy"] == 100.0  # type: ignore[index]


def test_a_prompt_neither_recorded_nor_answered_is_counted_as_failed(fake_llm, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The designer designs on when a prompt fails (the rule designer, or the draft without a
    completion), so a replay whose file lacks an answer and whose endpoint is gone still gives
    figures: the run must say they are not the model's."""
    dataset, answers = _dataset(tmp_path), tmp_path / "answers.json"
    with fake_llm([fake_llm.FAIL], repeat_last=True) as server:
        run = run_bench(dataset, tmp_path / "out", Settings(llm_base_url=server.base_url), llm=True, answers=answers)
    assert run["llm_prompts_failed"] >= 1 and run["llm_prompts_asked"] == 0
    assert not answers.exists() or ANSWER not in answers.read_text()
    with fake_llm([ANSWER]) as server:
        answered = run_bench(dataset, tmp_path / "out2", Settings(llm_base_url=server.base_url), llm=True, answers=answers)
    assert answered["llm_prompts_failed"] == 0 and answered["llm_prompts_asked"] >= 1
