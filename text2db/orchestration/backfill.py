"""backfill's task: re-publish a job's archived documents pinned to one plan version."""

from __future__ import annotations

from typing import Any

from text2db.config import Settings
from text2db.orchestration.feed import archived_events, publish_events
from text2db.orchestration.tables import engine_for


def publish_backfill(settings: Settings, job: str, plan_version: int | None = None) -> dict[str, Any]:
    """Re-publish every archived document of `job` pinned to a plan version (the latest when
    None, resolved now so documents and a plan compiled meanwhile cannot mix)."""
    from text2db.planner.store import load_plan

    engine = engine_for(settings)
    try:
        version = load_plan(engine, job, plan_version).version
    finally:
        engine.dispose()
    events = archived_events(settings, job, plan_version=version)
    published = publish_events(settings, events)
    return {"job": job, "plan_version": version, "published": published}
