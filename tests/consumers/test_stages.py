"""The real stages' plan lookup (issue 13 item 6): a running extractor follows the job's latest
plan version for documents that pin none, and a missing plan is Terminal, not an outage."""

from __future__ import annotations

import pytest
from fakes import FAKE_PLAN
from sqlalchemy import create_engine

from text2db.consumers.stages import _PerPlan
from text2db.errors import is_retryable
from text2db.planner.store import PlanNotFound, save_plan
from text2db.schemas.plan import Plan


def test_unpinned_documents_follow_the_latest_plan(pg_engine) -> None:
    built: list[int | None] = []

    def build(plan: Plan) -> Plan:
        built.append(plan.version)
        return plan

    stage_for = _PerPlan(pg_engine, build)
    save_plan(pg_engine, FAKE_PLAN)
    assert stage_for("fake", None).version == 1
    save_plan(pg_engine, FAKE_PLAN.model_copy(update={"instruction": "a second plan"}))
    assert stage_for("fake", None).version == 2  # was still 1 while the process ran
    assert stage_for("fake", 1).version == 1 and stage_for("fake", None).version == 2
    assert built == [1, 2]  # each version built once


def test_a_missing_plan_is_terminal_on_sqlite_and_postgresql(sqlite_url, pg_engine) -> None:
    for engine in (create_engine(sqlite_url), pg_engine):
        with pytest.raises(PlanNotFound) as missing:
            _PerPlan(engine, lambda plan: plan)("nobody", None)
        assert not is_retryable(missing.value)
