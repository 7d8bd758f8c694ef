"""backfill: run a plan version (e.g. after a column addition) over the job's archived
documents (table text2db_documents), then wait for the consumers and check quality. Wiring
only."""

from __future__ import annotations

import pendulum
from airflow.sdk import Param, dag, task

from text2db import orchestration as orch


@dag(
    dag_id="backfill",
    schedule=None,
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    max_active_runs=1,
    default_args=orch.dag_defaults(),
    tags=["text2db"],
    params={
        "job": Param("", type="string", description="Empty: variable text2db_job."),
        "plan_version": Param(0, type="integer", minimum=0, description="Plan version to run; 0: the latest."),
        "from_topic": Param(False, type="boolean", description="First archive the job's documents still on the documents topic."),
        "lag_timeout_s": Param(1800, type="integer", minimum=1),
    },
)
def backfill() -> None:
    @task
    def archive(params: dict | None = None, run_id: str | None = None) -> dict:
        p = params or {}
        job = orch.setting_or_variable(p.get("job"), "text2db_job")
        if not p.get("from_topic"):
            return {"job": job, "archived": 0}
        return orch.archive_from_topic(orch.airflow_settings(), job, run_id or "manual")

    @task
    def republish(archived: dict, params: dict | None = None) -> dict:
        return orch.publish_backfill(orch.airflow_settings(), archived["job"], (params or {}).get("plan_version") or None)

    @task
    def wait_for_consumers(published: dict, params: dict | None = None) -> dict:
        return orch.wait_for_consumers(orch.airflow_settings(), published["job"], timeout_s=(params or {}).get("lag_timeout_s", 1800))

    @task
    def quality(caught_up: dict, run_id: str | None = None) -> dict:
        return orch.check_quality(orch.airflow_settings(), caught_up["job"], run_id or "manual")

    quality(wait_for_consumers(republish(archive())))


backfill()
