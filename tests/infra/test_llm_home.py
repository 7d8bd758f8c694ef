"""The local LLM server: where it lives when a command runs from another folder than the
checkout, and one server for commands that start it side by side."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from text2db.config import Settings
from text2db.infra import llm


def test_a_command_run_elsewhere_finds_the_model_make_llm_installed_in_the_checkout(tmp_path: Path,
                                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    checkout = tmp_path / "checkout" / ".text2db"
    (checkout / "models").mkdir(parents=True)
    (checkout / "models" / llm.MODEL_FILE).write_bytes(b"")
    monkeypatch.setattr(llm, "checkout_home", lambda: checkout)
    monkeypatch.delenv("TEXT2DB_HOME", raising=False)
    monkeypatch.chdir(tmp_path)  # no .text2db here
    assert llm.local_settings(Settings()).home == checkout
    own = tmp_path / "own"
    monkeypatch.setenv("TEXT2DB_HOME", str(own))  # a home the operator set is kept, model or not
    assert llm.local_settings(Settings()).home == own
    monkeypatch.delenv("TEXT2DB_HOME")
    (tmp_path / ".text2db" / "models").mkdir(parents=True)
    (tmp_path / ".text2db" / "models" / llm.MODEL_FILE).write_bytes(b"")  # installed here too: this folder's
    assert llm.local_settings(Settings()).home == Path(".text2db")


def test_commands_starting_the_server_side_by_side_share_one(tmp_path: Path) -> None:
    from tests.conftest import LLM_HOME

    model = llm.model_path(Settings(home=LLM_HOME))
    if not model.exists():
        message = f"LLM model not installed at {model} (run `make llm`)"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    home = tmp_path / "home"
    (home / "models").mkdir(parents=True)
    (home / "models" / llm.MODEL_FILE).symlink_to(model.resolve())
    script = ("import sys; from pathlib import Path; from text2db.config import Settings; from text2db.infra import llm; "
              "print(llm.start(Settings(home=Path(sys.argv[1])), timeout=240))")
    starters = [subprocess.Popen([sys.executable, "-c", script, str(home)], stdout=subprocess.PIPE, text=True)
                for _ in range(2)]
    try:
        urls = [p.communicate(timeout=300)[0].strip() for p in starters]
        assert all(p.returncode == 0 for p in starters)
        state = json.loads((home / "llm.json").read_text())
        assert urls == [state["base_url"]] * 2  # the second waited for the first's server and took it
        servers = subprocess.run(["pgrep", "-f", f"llama_cpp.server --model {home}"], capture_output=True, text=True)
        assert servers.stdout.split() == [str(state["pid"])]  # no second server left running
    finally:
        subprocess.run(["pkill", "-f", f"llama_cpp.server --model {home}"], check=False)
