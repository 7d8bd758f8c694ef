"""The LLM planner: the model reads the instruction and a summary of the observed schema and
answers a small JSON draft (task, table, columns, new column); we build the Plan from it.

The draft is untrusted: it is parsed and validated, names are looked up in the observation
(unknown ones reach the analyzer as errors and come back as feedback), and everything else
(types, formats, demonstrations, links) comes from the observation as in the rule planner.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from text2db.config import Settings
from text2db.planner import instruction as ins
from text2db.planner.exceptions import LlmPlanInvalid, LlmPlanningFailed, PlanningFailed
from text2db.planner.lexicon import entity_of, meaning_of, words
from text2db.planner.names import read_name
from text2db.planner.rules import Drafted, column_plan, key_for, new_column_plan, parent_plans
from text2db.schemas.observation import Observation
from text2db.schemas.plan import ColumnPlan, Plan, TablePlan, TaskType, ValueType

SYSTEM = (
    "You turn a user's instruction about a database into a JSON extraction plan. Use only table and column "
    "names from the schema. Answer with one JSON object and nothing else:\n"
    '{"task_type": "data_infilling" | "row_population" | "column_addition", "table": "<table>", '
    '"columns": ["<existing columns to fill>"], "new_column": null | {"name": "<snake_case>", '
    '"value_type": "text" | "integer" | "number" | "date" | "year" | "boolean", "date_pattern": null | "<strftime>", '
    '"question": "<what the value is>"}, "only_existing_rows": false}\n'
    "data_infilling fills empty cells of existing rows; row_population adds rows for entities in the documents; "
    "column_addition adds the new column. Never output SQL."
)


class NewColumnDraft(BaseModel):
    model_config = ConfigDict(extra="ignore")

    name: str
    value_type: ValueType = "text"
    date_pattern: str | None = None
    question: str | None = None


class LlmDraft(BaseModel):
    model_config = ConfigDict(extra="ignore")

    task_type: TaskType
    table: str
    columns: list[str] = []
    new_column: NewColumnDraft | None = None
    only_existing_rows: bool = False


def schema_summary(observation: Observation, samples: int = 2) -> str:
    lines = []
    for t in observation.tables:
        lines.append(f"table {t.name} (key: {', '.join(t.natural_key or t.primary_key) or 'none'}, rows: {t.row_count})")
        for c in t.columns:
            flags = [f for f, on in (("pk", c.primary_key), ("not null", not c.nullable), ("unique", c.unique)) if on]
            ref = f" -> {c.references.ref_table}" if c.references else ""
            shown = ", ".join(repr(s) for s in c.samples[:samples])
            lines.append(f"  {c.name} {c.sql_type}{ref} [{' '.join(flags)}] null {c.null_ratio or 0:.0%} e.g. {shown}")
    return "\n".join(lines)


def parse_draft(content: str) -> LlmDraft:
    """The JSON object in the model's answer, validated; anything else is a planning failure."""
    match = re.search(r"\{.*\}", content or "", re.S)
    if match is None:
        raise LlmPlanInvalid("the LLM answered no JSON object")
    try:
        return LlmDraft.model_validate(json.loads(match.group(0)))
    except (json.JSONDecodeError, ValidationError) as exc:
        raise LlmPlanInvalid(f"the LLM's plan does not validate: {str(exc)[:300]}") from exc


class LlmPlanner:
    """One planner per process; `client` may be injected (tests, shared clients)."""

    def __init__(self, settings: Settings, client: Any = None) -> None:
        if client is None:
            if not settings.llm_base_url:
                raise LlmPlanningFailed("no LLM configured (TEXT2DB_LLM_BASE_URL is unset)")
            from openai import OpenAI

            client = OpenAI(base_url=settings.llm_base_url, api_key=settings.llm_api_key,
                            timeout=settings.llm_timeout_s, max_retries=0)
        self.client = client
        self.settings = settings
        self.name = f"llm:{settings.llm_model}"

    def ask(self, instruction: str, observation: Observation, feedback: str = "") -> LlmDraft:
        user = f"Schema:\n{schema_summary(observation)}\n\nInstruction:\n{instruction}\n"
        if feedback:
            user += f"\nYour previous plan failed these checks; fix them:\n{feedback}\n"
        try:
            response = self.client.chat.completions.create(
                model=self.settings.llm_model,
                messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}],
                response_format={"type": "json_object"},
                temperature=0,
                max_tokens=400,
            )
            content = response.choices[0].message.content
        except Exception as exc:  # any client/transport error: the rule planner takes over
            raise LlmPlanningFailed(f"LLM call failed: {exc.__class__.__name__}: {exc}") from exc
        return parse_draft(content)

    def plan(self, instruction: str, observation: Observation, job: str, feedback: str = "") -> Drafted:
        draft = self.ask(instruction, observation, feedback)
        notes: list[str] = []
        return Drafted(build_plan(draft, instruction, observation, job, self.name, notes), notes)


def build_plan(draft: LlmDraft, instruction: str, observation: Observation, job: str, planner: str,
               notes: list[str] | None = None) -> Plan:
    """The Plan for a validated draft. Where the instruction states the task type or a
    restriction to existing rows in words the rules know, the words win over the model."""
    notes = notes if notes is not None else []
    stated = ins.explicit_task_type(instruction)
    if stated == "column_addition" and draft.new_column is None:
        raise LlmPlanInvalid("the instruction adds a column, but the plan declares no new_column")
    if stated is not None and stated != draft.task_type:
        notes.append(f"the LLM planned {draft.task_type}; the instruction says {stated}")
        draft = draft.model_copy(update={"task_type": stated})
    draft = draft.model_copy(update={"only_existing_rows": ins.only_existing_rows(instruction, draft.task_type)})
    try:
        return _build(draft, instruction, observation, job, planner)
    except ValidationError as exc:  # e.g. a column listed twice: the model's answer, not our bug
        raise LlmPlanInvalid(f"the LLM's plan does not validate: {str(exc)[:300]}") from exc


def _build(draft: LlmDraft, instruction: str, observation: Observation, job: str, planner: str) -> Plan:
    if not observation.has_table(draft.table):
        raise LlmPlanInvalid(f"the LLM chose table {draft.table!r}, which does not exist")
    table = observation.table(draft.table)
    try:
        key = key_for(table, [])
    except PlanningFailed as exc:
        raise LlmPlanInvalid(str(exc)) from exc
    entity, labels = entity_of(table.name)
    fill: list[ColumnPlan] = []
    new = draft.new_column
    for name in dict.fromkeys(draft.columns):
        if name in key or (new is not None and name == new.name):
            continue
        if table.has_column(name):
            if not table.column(name).generated:
                fill.append(column_plan(observation, table, table.column(name), entity, operation=draft.task_type,
                                        instruction=instruction))
        else:  # kept so the analyzer names it in its feedback
            fill.append(ColumnPlan(name=name, tool="attribute", question=f"{words(name)} of the {entity}"))
    operation = draft.task_type
    if new is not None and table.has_column(new.name):  # "adding" an existing column: fill it instead
        if new.name not in {c.name for c in fill} | set(key):
            fill.append(column_plan(observation, table, table.column(new.name), entity, operation="data_infilling",
                                    instruction=instruction))
        operation = "data_infilling" if operation == "column_addition" else operation
    elif new is not None and operation == "column_addition":
        meaning = meaning_of(new.name)
        question = new.question or (meaning.question if meaning else read_name(new.name).question)
        fmt, value_type = ins.format_request(instruction)  # a format asked for in words wins
        fill.append(new_column_plan(new.name, value_type or new.value_type, new.date_pattern, question, entity, table,
                                    observation.dialect, fmt))
    if not fill:
        raise LlmPlanInvalid("the LLM's plan fills no column")
    key_plans = [column_plan(observation, table, table.column(k), entity, as_key=True) for k in key]
    target = TablePlan(table=table.name, operation=operation, entity=entity, entity_types=list(labels), key=key,
                       columns=key_plans + fill, only_existing_rows=draft.only_existing_rows)
    return Plan(job=job, instruction=instruction, planner=planner, tables=parent_plans(observation, target) + [target])
