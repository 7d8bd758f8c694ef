"""The LLM planner with the real local LLM (Qwen2.5-Coder-1.5B via llama-cpp-python) on one
redocred-dev instance; the scripted server covers everything else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from text2db.config import Settings
from text2db.planner.api import make_plan

HOME = Path(__file__).resolve().parents[2] / ".text2db"




@pytest.mark.slow
@pytest.mark.llm
def test_real_llm_plans_a_data_infilling_instance(local_llm_url: str, bench_dir: Path, instance_copy) -> None:
    name = "redocred_dev_125_di"
    instruction = json.loads((bench_dir / name / "data.json").read_text())[0]["instruction"]
    settings = Settings(home=HOME, llm_base_url=local_llm_url, llm_timeout_s=240)
    result = make_plan(instance_copy(name), instruction, "llm-e2e", settings, llm=True, max_revisions=1)
    assert result.report.planners_tried[0] == f"llm:{settings.llm_model}"
    assert result.plan.planner == f"llm:{settings.llm_model}", result.report.notes
    target = result.plan.tables[-1]
    assert (target.table, target.operation, target.key) == ("organization", "data_infilling", ["name"])
    assert result.report.passed
