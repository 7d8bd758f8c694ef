"""compile_plan: (with the `requirement` param and an empty target database, design and create its
schema first,) observe the target database, plan from the instruction, analyze, store the
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
        "requirement": Param("", type="string", description="When the target database is empty: a plain-language "
                             "requirement to design and create its schema from first (Text2Schema)."),
    },
)
def compile_plan() -> None:
    @task
    def design(params: dict | None = None) -> dict:
        requirement = (params or {}).get("requirement", "")
        if not requirement.strip():
            return {"designed": False, "reason": "no requirement given"}
        return orch.design_if_empty(orch.airflow_settings(), requirement, (params or {}).get("use_llm", True))

    @task
    def observe(designed: dict) -> dict:
        return orch.observe_target(orch.airflow_settings())

    @task
    def plan(observed: dict, params: dict | None = None, run_id: str | None = None) -> dict:
        p = params or {}
        return orch.compile_plan(
            orch.airflow_settings(), p["job"], orch.setting_or_variable(p["instruction"], "text2db_instruction"),
            run_id=run_id or "manual", use_llm=p["use_llm"],
        )

    plan(observe(design()))


compile_plan()
