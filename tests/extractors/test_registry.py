"""The live registry matches the checked-in snapshot: a renamed tool or changed contract fails here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from text2db.extractors import registry
from text2db.extractors.exceptions import UnknownTool

SNAPSHOT = Path(__file__).with_name("registry_snapshot.json")


def test_registry_matches_snapshot() -> None:
    assert registry.snapshot() == json.loads(SNAPSHOT.read_text())


def test_small_models_come_before_the_llm() -> None:
    names = [t.name for t in registry.covering("relation")]
    assert names[-1] == "text2db.llm.v2"
    assert "text2db.span_extractor.v2" in names[:-1]
    assert [t.name for t in registry.covering("classification")] == [
        "text2db.label_classifier.v1", "text2db.plan_reader.v1", "text2db.llm_rows.v1", "text2db.llm.v2"]


def test_unknown_tool_is_terminal() -> None:
    with pytest.raises(UnknownTool) as err:
        registry.get("text2db.nope.v9")
    assert err.value.retryable is False


def test_same_name_different_contract_is_refused() -> None:
    spec = registry.get("text2db.spacy_ner.v2")
    changed = registry.ToolSpec(spec.name, spec.covers, spec.requires, ("something.else",), spec.model)
    with pytest.raises(ValueError, match="new version"):
        registry.register(changed)
