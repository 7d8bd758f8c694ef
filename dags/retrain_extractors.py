"""retrain_extractors: build the distillation set (labels from the LLM and the target
database), fine-tune the small extractors, evaluate against the promoted ones, promote only
if better. Tasks hand over through the run's folder under TEXT2DB_HOME. Wiring only."""

from __future__ import annotations

import pendulum
from airflow.sdk import Param, dag, task

from text2db import orchestration as orch


@dag(
    dag_id="retrain_extractors",
    schedule=None,
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    max_active_runs=1,
    default_args=orch.dag_defaults(retries=1),
    tags=["text2db"],
    params={
        "job": Param("", type="string", description="Empty: variable text2db_job."),
        "min_gain": Param(0.0, type="number", description="Promote only when the candidate beats the current model by more."),
    },
)
def retrain_extractors() -> None:
    @task
    def build_set(params: dict | None = None, run_id: str | None = None) -> dict:
        job = orch.setting_or_variable((params or {}).get("job"), "text2db_job")
        return orch.build_distillation_set(orch.airflow_settings(), job, run_id or "manual")

    @task
    def fine_tune(built: dict) -> dict:
        return orch.fine_tune(orch.airflow_settings(), built["job"], built["run_id"])

    @task
    def evaluate(tuned: dict) -> dict:
        return orch.evaluate_candidate(orch.airflow_settings(), tuned["job"], tuned["run_id"])

    @task
    def promote(scores: dict, params: dict | None = None) -> dict:
        return orch.promote_if_better(orch.airflow_settings(), scores, min_gain=(params or {}).get("min_gain", 0.0))

    promote(evaluate(fine_tune(build_set())))


retrain_extractors()
