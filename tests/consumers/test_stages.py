"""The real stages' plan lookup (issue 13 item 6): a running extractor follows the job's latest
plan version for documents that pin none, and a missing plan is Terminal, not an outage."""

from __future__ import annotations

import pytest
from fakes import FAKE_PLAN
from sqlalchemy import create_engine

from text2db.consumers.stages import PerPlan
from text2db.errors import is_retryable
from text2db.planner.store import PlanNotFound, save_plan
from text2db.schemas.plan import Plan


def test_unpinned_documents_follow_the_latest_plan(pg_engine) -> None:
    built: list[int | None] = []

    def build(plan: Plan) -> Plan:
        built.append(plan.version)
        return plan

    stage_for = PerPlan(pg_engine, build)
    save_plan(pg_engine, FAKE_PLAN)
    assert stage_for("fake", None).version == 1
    save_plan(pg_engine, FAKE_PLAN.model_copy(update={"instruction": "a second plan"}))
    assert stage_for("fake", None).version == 2  # was still 1 while the process ran
    assert stage_for("fake", 1).version == 1 and stage_for("fake", None).version == 2
    assert built == [1, 2]  # each version built once


def test_a_missing_plan_is_terminal_on_sqlite_and_postgresql(sqlite_url, pg_engine) -> None:
    for engine in (create_engine(sqlite_url), pg_engine):
        with pytest.raises(PlanNotFound) as missing:
            PerPlan(engine, lambda plan: plan)("nobody", None)
        assert not is_retryable(missing.value)


def test_a_warm_start_builds_every_jobs_latest_stage_before_any_document(sqlite_url, caplog) -> None:
    engine = create_engine(sqlite_url)
    built: list[tuple[str, int | None]] = []

    def build(plan: Plan) -> Plan:
        if plan.job == "broken":
            raise ValueError("this plan's stage cannot be built")
        built.append((plan.job, plan.version))
        return plan

    assert PerPlan(engine, build).warm().join(timeout=30) is None and built == []  # no plans table yet: nothing
    save_plan(engine, FAKE_PLAN)
    save_plan(engine, FAKE_PLAN.model_copy(update={"instruction": "a second plan"}))
    save_plan(engine, FAKE_PLAN.model_copy(update={"job": "other"}))
    save_plan(engine, FAKE_PLAN.model_copy(update={"job": "broken"}))
    stage_for = PerPlan(engine, build)
    warming = stage_for.warm()
    warming.join(timeout=30)
    assert not warming.is_alive()
    assert sorted(built) == [("fake", 2), ("other", 1)]  # the latest version of each job, built once
    assert "'broken' could not be built now" in caplog.text  # logged; the first document of that job raises it
    assert stage_for("fake", None).version == 2 and stage_for("other", None).version == 1
    assert len(built) == 2  # the documents found the stages the warm start built
    with pytest.raises(ValueError, match="cannot be built"):
        stage_for("broken", None)
