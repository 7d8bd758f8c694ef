"""data_quality's task: the integrator's Great Expectations checks run on each planned table
as a whole (text2db.integrators.checks.validate_tables), every result kept in text2db_task_runs."""

from __future__ import annotations

from typing import Any

from text2db.config import Settings
from text2db.orchestration.exceptions import QualityCheckFailed
from text2db.orchestration.tables import engine_for, record_task_run


def check_quality(settings: Settings, job: str, run_id: str, plan_version: int | None = None) -> dict[str, Any]:
    """Great Expectations checks on every table of the job's plan. Results are stored in
    text2db_task_runs whatever the outcome; a failed expectation raises QualityCheckFailed."""
    from text2db.integrators.checks import validate_tables
    from text2db.planner.store import load_plan

    engine = engine_for(settings)
    try:
        plan = load_plan(engine, job, plan_version)
        results = validate_tables(engine, plan)
    finally:
        engine.dispose()
    failed = [r for r in results if not r["success"]]
    summary = {"job": job, "plan_version": plan.version, "checked": len(results), "failed": len(failed)}
    record_task_run(settings, run_id, job, "data_quality", not failed, summary | {"results": results})
    if failed:
        names = "; ".join(f"{r['table']}.{r['column']}: {r['expectation']} {r['unexpected']}" for r in failed)
        raise QualityCheckFailed(f"{len(failed)} expectation(s) failed for job {job!r}: {names}", failures=failed)
    return summary
