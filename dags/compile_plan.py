"""compile_plan: observe the target database, plan from the instruction, analyze, store the
plan version. Fails with the analyzer's report when no plan passes. Wiring only: the work is
in text2db.orchestration."""

from __future__ import annotations

import pendulum
from airflow.sdk import Param, dag, task

from text2db import orchestration as orch


@dag(
    dag_id="compile_plan",
    schedule=None,
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    default_args=orch.dag_defaults(),
    tags=["text2db"],
    params={
        "job": Param("demo", type="string", minLength=1, description="Job name the plan is stored under."),
        "instruction": Param("", type="string", description="The plain-language TEXT2DB instruction."),
        "use_llm": Param(True, type="boolean", description="Ask the text2db_llm endpoint when it is configured."),
    },
)
def compile_plan() -> None:
    @task
    def observe() -> dict:
        return orch.observe_target(orch.airflow_settings())

    @task
    def plan(observed: dict, params: dict | None = None, run_id: str | None = None) -> dict:
        p = params or {}
        return orch.compile_plan(
            orch.airflow_settings(), p["job"], orch.setting_or_variable(p["instruction"], "text2db_instruction"),
            run_id=run_id or "manual", use_llm=p["use_llm"],
        )

    plan(observe())


compile_plan()
