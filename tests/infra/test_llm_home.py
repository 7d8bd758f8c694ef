"""Where the local LLM lives when a command runs from another folder than the checkout."""

from __future__ import annotations

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
