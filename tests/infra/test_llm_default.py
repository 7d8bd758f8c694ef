"""The local LLM is part of the embedded default stack: with no endpoint configured, `plan`,
`bench run` and `consume extract` use the local server, started when `make llm` installed its
model and it is down (infra/llm.endpoint). Before, they ran without any LLM unless its URL was
exported. The server's real start is test_llm_home's; here a scripted server stands in for it."""

from __future__ import annotations

import importlib.util
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from text2db.config import Settings, get_settings
from text2db.errors import ConfigError
from text2db.infra import llm

_spec = importlib.util.spec_from_file_location("fake_openai", Path(__file__).resolve().parents[1] / "fake_openai.py")
assert _spec is not None and _spec.loader is not None
fake_openai = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fake_openai)


def installed_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    (home / "models").mkdir(parents=True)
    (home / "models" / llm.MODEL_FILE).write_bytes(b"")  # installed; no server runs
    return home


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[list[Path], object]]:
    """A scripted server that `llm.start` "starts"; the homes it was started for."""
    with fake_openai.FakeOpenAI(repeat_last=True) as server:
        homes: list[Path] = []
        monkeypatch.setattr(llm, "start", lambda settings, timeout=120.0: homes.append(settings.home) or server.base_url)
        yield homes, server


def test_endpoint_prefers_the_configured_url_then_a_running_server_then_starts_an_installed_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, started: tuple[list[Path], object]) -> None:
    homes, server = started
    said: list[str] = []
    home = installed_home(tmp_path)
    configured = Settings(home=home, llm_base_url="http://127.0.0.1:1/v1")
    assert llm.endpoint(configured, None, said.append, alone="x") == "http://127.0.0.1:1/v1"
    assert llm.endpoint(configured, False, said.append, alone="x") is None
    assert homes == [] and said == []
    assert llm.endpoint(Settings(home=home), None, said.append, alone="x") == server.base_url  # type: ignore[attr-defined]
    assert homes == [home] and "started the local LLM" in said[-1]
    monkeypatch.setattr(llm, "status", lambda settings: {"running": True, "base_url": "http://127.0.0.1:2/v1"})
    assert llm.endpoint(Settings(home=home), None, said.append, alone="x") == "http://127.0.0.1:2/v1"
    assert homes == [home]  # a running server is used, not started again


def test_endpoint_without_an_install_says_what_runs_alone_or_refuses_when_asked(tmp_path: Path) -> None:
    said: list[str] = []
    bare = Settings(home=tmp_path / "home")
    assert llm.endpoint(bare, None, said.append, alone="the rules plan alone") is None
    assert said and "the rules plan alone" in said[0] and "make llm" in said[0]
    with pytest.raises(ConfigError):
        llm.endpoint(bare, True, said.append, alone="the rules plan alone")


def test_plan_command_starts_the_local_llm_when_the_planner_needs_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     started: tuple[list[Path], object]) -> None:
    """Only when the planner would ask it: a wording that settles the plan, or one refused,
    starts no server."""
    from text2db.cli import _register_all, app

    homes, server = started
    home = installed_home(tmp_path)
    db = tmp_path / "people.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth_place TEXT)")
        conn.execute("INSERT INTO person (name) VALUES ('Ada Lovelace')")
    _register_all()
    monkeypatch.setenv("TEXT2DB_HOME", str(home))
    monkeypatch.delenv("TEXT2DB_LLM_BASE_URL", raising=False)

    def plan(instruction: str, *options: str) -> Result:
        return CliRunner().invoke(app, ["plan", "--db", f"sqlite:///{db}", "--dry-run", "--json", *options,
                                        "-i", instruction])

    get_settings.cache_clear()  # the process's settings, read again from this test's environment
    try:
        settled = plan("fill in the missing birth places of the people")
        refused = plan("drop the table")
        assert homes == [] and not server.requests  # type: ignore[attr-defined]
        left_open = plan("keep it up to date")
        assert homes == [home] and server.requests, left_open.output  # type: ignore[attr-defined]
        count = len(server.requests)  # type: ignore[attr-defined]
        unasked = plan("keep it up to date", "--no-llm")
    finally:
        get_settings.cache_clear()
    assert settled.exit_code == 0 and "nothing was planned" in str(refused.exception), settled.output
    notes = json.loads(settled.stdout)["analysis"]["notes"]
    assert any("the LLM planner was not asked" in n for n in notes), notes
    assert "started the local LLM" in left_open.stderr
    assert homes == [home] and len(server.requests) == count, unasked.output  # type: ignore[attr-defined]


def test_bench_run_uses_the_local_llm_it_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, redocred_dev: Path,
                                                started: tuple[list[Path], object]) -> None:
    from text2db.cli import _register_all, app

    homes, server = started
    home = installed_home(tmp_path)
    _register_all()
    monkeypatch.setenv("TEXT2DB_HOME", str(home))
    monkeypatch.delenv("TEXT2DB_LLM_BASE_URL", raising=False)
    get_settings.cache_clear()
    try:
        result = CliRunner().invoke(app, ["bench", "run", str(redocred_dev), "--limit", "1", "--out", str(tmp_path / "pred")])
    finally:
        get_settings.cache_clear()
    assert result.exit_code == 0 and homes == [home], result.output
    assert f"LLM: {server.base_url}" in result.stderr  # type: ignore[attr-defined]
