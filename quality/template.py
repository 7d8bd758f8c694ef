"""The `template` baseline: the TEXT2DB paper's static template, with no planning.

Every table of the target is filled the same way: row entities by spaCy NER (the extractors'
entity finder), then every column by attribute extraction with the column's name as the
question; no formats learned from the rows, no LLM. A column to add is read from the
instruction's quoted name. The rows go through the real extractor and integrator stages.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from sqlalchemy.engine import Engine

from text2db.config import Settings
from text2db.quality.target import TargetTable, reflect
from text2db.schemas.plan import NEW_IDENTIFIER, ColumnPlan, NewColumn, Plan, TablePlan

if TYPE_CHECKING:
    from text2db.quality.dataset import Instance
    from text2db.quality.run import RunStats

OPERATIONS = {"row population": "row_population", "data infilling": "data_infilling", "column addition": "column_addition"}
QUOTED = re.compile(r"[\"“']([A-Za-z_][A-Za-z0-9_]*)[\"”']")
SQL_TYPE_WORDS = (("integer", "INTEGER"), ("year", "INTEGER"), ("number", "REAL"), ("date", "TEXT"))


def new_column(instruction: str, table: TargetTable) -> ColumnPlan | None:
    """The quoted column name of a column-addition instruction, typed by a word after it."""
    for name in QUOTED.findall(instruction):
        if name not in table.columns and NEW_IDENTIFIER.match(name):
            rest = instruction.lower().split(name.lower(), 1)[-1]
            sql_type = next((t for word, t in SQL_TYPE_WORDS if word in rest), "TEXT")
            return ColumnPlan(name=name, tool="attribute", question=name.replace("_", " "), new=NewColumn(sql_type=sql_type))
    return None


def template_plan(instance: Instance, tables: list[TargetTable], job: str) -> Plan:
    operation = OPERATIONS.get(instance.task_type, "row_population")
    table_plans = []
    for t in tables:
        columns = [ColumnPlan(name=c, tool="attribute", question=c.replace("_", " ")) for c in t.columns if c != t.key and c not in t.surrogate]
        added = new_column(instance.instruction, t) if operation == "column_addition" else None
        if added is not None:
            columns.append(added)
        if columns:
            table_plans.append(TablePlan(table=t.name, operation=operation, entity=t.name, key=[t.key], columns=columns))
    return Plan(job=job, instruction=instance.instruction, planner="template.v1", tables=table_plans)


def run_template(engine: Engine, instance: Instance, settings: Settings, stats: RunStats) -> None:
    from text2db.extractors.pipeline import build_extractor
    from text2db.integrators.pipeline import build_integrator
    from text2db.planner.store import save_plan
    from text2db.quality.jobs import documents_of, job_name

    settings = settings.model_copy(update={"llm_base_url": None})  # the template uses no LLM
    plan = save_plan(engine, template_plan(instance, reflect(engine), job_name(instance)))
    stats.planner = plan.planner
    extractor = build_extractor(plan, settings)
    events = [extractor.extract(doc) for doc in documents_of(instance, plan)]
    stats.report = build_integrator(engine, plan, settings).apply(events).model_dump(mode="json")
