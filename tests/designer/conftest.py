"""The scripted OpenAI-compatible server (tests/fake_openai.py) for the designer's LLM path."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("fake_openai", Path(__file__).resolve().parents[1] / "fake_openai.py")
assert _spec is not None and _spec.loader is not None
fake_openai = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fake_openai)


@pytest.fixture
def fake_llm():  # type: ignore[no-untyped-def]
    return fake_openai.FakeOpenAI
