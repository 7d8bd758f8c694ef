"""Fixtures of the extractor tests: hand-built plans (the way a planner writes them) and the fake LLM."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import sys

import pytest

from text2db.schemas.plan import ColumnPlan, Plan, TablePlan

sys.path.insert(0, str(Path(__file__).parent))
sys.path.append(str(Path(__file__).parent.parent))  # tests/fake_openai.py, after this folder's conftest
from fake_openai import FakeOpenAI  # noqa: E402

QUESTIONS = {
    "birth": "date of birth of the person", "death": "date of death of the person",
    "birth_place": "place of birth of the person", "death_place": "place of death of the person",
    "citizenship": "country of citizenship of the person", "educated_at": "school or university the person attended",
    "released": "release or publication date of the work", "director": "director of the work",
    "performer": "performer of the work", "author": "author of the work", "composer": "composer of the work",
    "founded": "date the organization was founded", "country": "country of the organization",
    "headquarters": "headquarters location of the organization", "founder": "founder of the organization",
}


def make_plan(table: str, entity: str, key: str, columns: list[str], job: str = "test-job") -> Plan:
    cols = [ColumnPlan(name=key, tool="key", question=f"name of the {entity}")]
    cols += [ColumnPlan(name=c, tool="relation", question=QUESTIONS.get(c, c.replace("_", " "))) for c in columns]
    return Plan(job=job, instruction=f"Add the {entity}s described in the documents.", planner="test",
                tables=[TablePlan(table=table, operation="row_population", entity=entity, key=[key], columns=cols)])


@pytest.fixture
def person_plan() -> Plan:
    return make_plan("person", "person", "name", ["birth", "death", "birth_place", "death_place", "citizenship"])


@pytest.fixture
def fake_llm() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as fake:
        yield fake


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"
