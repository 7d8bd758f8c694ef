"""compile_plan's tasks: observe the target database, then plan, analyze and store the plan
(text2db.planner), keeping the analyzer's report in text2db_task_runs."""

from __future__ import annotations

from typing import Any

from text2db.config import Settings
from text2db.errors import ConfigError, Text2DbError
from text2db.orchestration.tables import engine_for, record_task_run


def observe_target(settings: Settings) -> dict[str, Any]:
    """Read the target database once before planning, so an unreachable or empty database
    fails its own task (retried: the database may come back) with a clear message."""
    from text2db.planner.observer import observe

    engine = engine_for(settings)
    try:
        observation = observe(engine)
    finally:
        engine.dispose()
    if not observation.tables:
        raise ConfigError(f"the target database {engine.url.render_as_string()} has no user tables to fill")
    return {
        "dialect": observation.dialect,
        "tables": {t.name: {"rows": t.row_count, "columns": len(t.columns)} for t in observation.tables},
    }


def design_if_empty(settings: Settings, requirement: str, use_llm: bool = True) -> dict[str, Any]:
    """Create a schema designed from `requirement` (text2db.designer) when the target database
    has no user table yet; a database with tables is left alone. Returns what was done."""
    from text2db.designer.api import design_schema
    from text2db.designer.apply import apply_design
    from text2db.planner.observer import observe

    engine = engine_for(settings)
    try:
        if observe(engine).tables:
            return {"designed": False, "reason": "the target database already has tables"}
        url = engine.url.render_as_string(hide_password=False)
    finally:
        engine.dispose()
    design = design_schema(requirement, settings, llm=None if use_llm else False)
    applied = apply_design(url, design)
    return {"designed": True, "designer": design.designer, "fingerprint": design.fingerprint, **applied.as_dict()}


def compile_plan(settings: Settings, job: str, instruction: str, run_id: str, use_llm: bool = True) -> dict[str, Any]:
    """Observe, plan and analyze (text2db.planner.api.make_plan), then store the plan as the
    job's next version. A rejected plan is recorded with the analyzer's report (table
    text2db_task_runs) and fails the task with that report as its message."""
    from text2db.planner.api import make_plan
    from text2db.planner.store import save_plan

    if not instruction.strip():
        raise ConfigError("compile_plan needs an instruction (param `instruction` or variable text2db_instruction)")
    engine = engine_for(settings)
    try:
        try:
            result = make_plan(engine, instruction, job, settings, llm=None if use_llm else False)
        except Text2DbError as exc:  # PlanRejected carries the analyzer's report; PlanningFailed says why
            found = getattr(exc, "report", None)
            report = found.model_dump(mode="json") if hasattr(found, "model_dump") else None
            record_task_run(settings, run_id, job, "compile_plan", False,
                            {"error": str(exc), "error_class": type(exc).__name__, "report": report})
            raise
        stored = save_plan(engine, result.plan)
    finally:
        engine.dispose()
    summary = {
        "job": job,
        "version": stored.version,
        "planner": stored.planner,
        "tables": {t.table: [c.name for c in t.columns] for t in stored.tables},
        "simulation": result.report.simulation.status,
        "warnings": [i.message for i in result.report.issues if i.severity != "error"][:20],
    }
    record_task_run(settings, run_id, job, "compile_plan", True, summary | {"report": result.report.model_dump(mode="json")})
    return summary
