"""dlq_replay: after a fix, re-publish the dead letters selected by reason and/or time to the
topic they came from. Wiring only."""

from __future__ import annotations

import pendulum
from airflow.sdk import Param, dag, task

from text2db import orchestration as orch


@dag(
    dag_id="dlq_replay",
    schedule=None,
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    default_args=orch.dag_defaults(),
    tags=["text2db"],
    params={
        "reason": Param("", type="string", description="Substring of the reason or the error class; empty: any."),
        "job": Param("", type="string", description="Only this job's dead letters; empty: any."),
        "since": Param("", type="string", description="ISO time: only dead letters failed at or after it."),
        "until": Param("", type="string", description="ISO time: only dead letters failed before it."),
        "dry_run": Param(False, type="boolean", description="Only list what would be replayed."),
        "again": Param(False, type="boolean", description="Also replay letters an earlier run replayed."),
    },
)
def dlq_replay() -> None:
    @task
    def replay(params: dict | None = None, run_id: str | None = None) -> dict:
        p = params or {}
        return orch.replay_dead_letters(
            orch.airflow_settings(), run_id or "manual", reason=p.get("reason") or None, job=p.get("job") or None,
            since=p.get("since") or None, until=p.get("until") or None, dry_run=bool(p.get("dry_run")),
            again=bool(p.get("again")),
        )

    replay()


dlq_replay()
