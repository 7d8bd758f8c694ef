"""data_quality: the Great Expectations checks of a job's target tables. A failed expectation
fails the task; every result is kept in text2db_task_runs. Wiring only."""

from __future__ import annotations

import pendulum
from airflow.sdk import Param, dag, task

from text2db import orchestration as orch


@dag(
    dag_id="data_quality",
    schedule=None,
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    default_args=orch.dag_defaults(),
    tags=["text2db"],
    params={"job": Param("", type="string", description="Job whose plan names the tables; empty: variable text2db_job.")},
)
def data_quality() -> None:
    @task
    def check(params: dict | None = None, run_id: str | None = None) -> dict:
        job = orch.setting_or_variable((params or {}).get("job"), "text2db_job")
        return orch.check_quality(orch.airflow_settings(), job, run_id or "manual")

    check()


data_quality()
