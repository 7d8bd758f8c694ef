"""retrain_extractors: build the distillation set (the LLM's grounded answers, values already in
the target database, confident rule values) from the job's archived documents, fine-tune the
MiniLM span model, evaluate it against the model the router uses now, promote only if better.
Tasks hand over through the run's folder under TEXT2DB_HOME. Wiring only."""

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
        "epochs": Param(6, type="integer", minimum=1, maximum=20),
        "max_documents": Param(200, type="integer", minimum=1, description="Most recent archived documents used."),
        "max_examples": Param(600, type="integer", minimum=2),
        "min_gain": Param(0.0, type="number", description="Promote only when the candidate beats the current model by more."),
        "accept_exact": Param(0.5, type="number", minimum=0, maximum=1, description="Held-out exact match a model must reach."),
    },
)
def retrain_extractors() -> None:
    @task
    def build_set(params: dict | None = None, run_id: str | None = None) -> dict:
        p = params or {}
        job = orch.setting_or_variable(p.get("job"), "text2db_job")
        return orch.build_distillation_set(orch.airflow_settings(), job, run_id or "manual",
                                           max_documents=p["max_documents"], max_examples=p["max_examples"])

    @task
    def fine_tune(built: dict, params: dict | None = None) -> dict:
        return orch.fine_tune(orch.airflow_settings(), built["job"], built["run_id"], epochs=(params or {}).get("epochs", 6))

    @task
    def evaluate(tuned: dict) -> dict:
        return orch.evaluate_candidate(orch.airflow_settings(), tuned["job"], tuned["run_id"])

    @task
    def promote(scores: dict, params: dict | None = None) -> dict:
        p = params or {}
        return orch.promote_if_better(orch.airflow_settings(), scores, min_gain=p["min_gain"], accept_exact=p["accept_exact"])

    promote(evaluate(fine_tune(build_set())))


retrain_extractors()
