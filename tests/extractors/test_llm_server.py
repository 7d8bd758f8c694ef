"""infra/llm.py: the model file is verified by checksum; status/stop read <home>/llm.json."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from text2db.config import Settings
from text2db.infra import llm


def test_a_model_with_the_wrong_checksum_is_refused(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path)
    path = llm.model_path(settings)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a gguf")
    with pytest.raises(llm.LLMModelMissing, match="checksum"):
        llm.ensure_model(settings)


def test_a_missing_model_says_how_to_build_it(tmp_path: Path) -> None:
    with pytest.raises(llm.LLMModelMissing) as err:
        llm.ensure_model(Settings(home=tmp_path))
    assert "llm_setup.sh" in str(err.value)


def test_status_and_stop_follow_the_state_file(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path)
    assert llm.status(settings)["running"] is False and llm.stop(settings) is True
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (tmp_path / "llm.json").write_text(json.dumps({"pid": sleeper.pid, "port": 1, "base_url": "http://127.0.0.1:1/v1"}))
        assert llm.status(settings)["running"] is False  # alive but not listening: not a server
        assert llm.stop(settings) is True and sleeper.wait(timeout=10) is not None
        assert not (tmp_path / "llm.json").exists()
    finally:
        sleeper.kill()


def test_setup_script_verifies_the_checksum() -> None:
    script = Path(llm.SETUP_SCRIPT).read_text()
    assert llm.MODEL_SHA256 in script and "sha256sum" in script and "exit 1" in script
