"""ingest_feed (scheduled): archive new documents from the configured source, publish them
with idempotent ids, wait until the job's consumers have caught up, then check quality.
Scheduled runs carry no conf: job and source come from variables text2db_job and
text2db_feed_source. Wiring only."""

from __future__ import annotations

import pendulum
from airflow.sdk import Param, dag, task

from text2db import orchestration as orch


@dag(
    dag_id="ingest_feed",
    schedule="*/15 * * * *",
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    max_active_runs=1,
    default_args=orch.dag_defaults(),
    tags=["text2db"],
    params={
        "job": Param("", type="string", description="Empty: variable text2db_job."),
        "source": Param("", type=["string", "array"], description="Folder, .jsonl file or URLs; empty: variable text2db_feed_source."),
        "limit": Param(0, type="integer", minimum=0, description="At most this many new documents per run (0: all)."),
        "lag_timeout_s": Param(900, type="integer", minimum=1, description="How long to wait for the consumers."),
    },
)
def ingest_feed() -> None:
    @task
    def discover(params: dict | None = None, run_id: str | None = None) -> dict:
        p = params or {}
        job = orch.setting_or_variable(p.get("job"), "text2db_job")
        source = orch.setting_or_variable(p.get("source"), "text2db_feed_source")
        return orch.discover_documents(orch.airflow_settings(), job, source, run_id or "manual", limit=p.get("limit", 0))

    @task
    def publish(found: dict) -> dict:
        return orch.publish_run(orch.airflow_settings(), found["job"], found["run_id"])

    @task
    def wait_for_consumers(published: dict, params: dict | None = None) -> dict:
        return orch.wait_for_consumers(orch.airflow_settings(), published["job"], timeout_s=(params or {}).get("lag_timeout_s", 900))

    @task
    def quality(caught_up: dict, run_id: str | None = None) -> dict:
        return orch.check_quality(orch.airflow_settings(), caught_up["job"], run_id or "manual")

    quality(wait_for_consumers(publish(discover())))


ingest_feed()
