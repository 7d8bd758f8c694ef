"""The LLM planner: the model reads the instruction and a summary of the observed schema and
answers a small JSON draft (task, table, columns, new column); we build the Plan from it.

The draft is untrusted: it is parsed and validated, names are looked up in the observation
(unknown ones reach the analyzer as errors and come back as feedback), and everything else
(types, formats, demonstrations, links) comes from the observation as in the rule planner.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from text2db.config import Settings
from text2db.planner import instruction as ins
from text2db.planner.exceptions import LlmPlanInvalid, LlmPlanningFailed
from text2db.planner.names import read_name
from text2db.planner.rules import Decided, Drafted, plan_with_rules
from text2db.schemas.observation import Observation
from text2db.schemas.plan import NEW_IDENTIFIER, TaskType, ValueType

DOCUMENT_CHARS = 600  # of the first documents, shown so the model sees what the texts are about
SQL_WORDS: dict[str, str] = {"integer": "INTEGER", "number": "REAL", "year": "INTEGER", "boolean": "BOOLEAN"}

SYSTEM = (
    "You turn a user's instruction about a database into a JSON extraction plan. Use only table and column "
    "names from the schema. Answer with one JSON object and nothing else:\n"
    '{"task_type": "data_infilling" | "row_population" | "column_addition", "table": "<table>", '
    '"columns": ["<existing columns to fill>"], "new_column": null | {"name": "<snake_case>", '
    '"value_type": "text" | "integer" | "number" | "date" | "year" | "boolean", '
    '"question": "<what the value is>"}}\n'
    "data_infilling fills empty cells of existing rows; row_population adds rows for entities in the documents; "
    "column_addition adds the new column. Choose the table the documents' entities belong in (a table that "
    "references another is usually the one rows are added to). List the columns the instruction asks for; when it "
    "names none, list every column the task needs. Never output SQL."
)


class NewColumnDraft(BaseModel):
    model_config = ConfigDict(extra="ignore")

    name: str
    value_type: ValueType = "text"
    question: str | None = None


class LlmDraft(BaseModel):
    model_config = ConfigDict(extra="ignore")

    task_type: TaskType
    table: str
    columns: list[str] = []
    new_column: NewColumnDraft | None = None


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


def draft_schema(observation: Observation) -> dict[str, Any]:
    """The JSON schema the server constrains the answer to: tables and columns as enums of the
    observed names, so a small model cannot invent an identifier."""
    columns = sorted({c.name for t in observation.tables for c in t.columns})
    return {
        "type": "object",
        "properties": {
            "task_type": {"type": "string", "enum": ["data_infilling", "row_population", "column_addition"]},
            "table": {"type": "string", "enum": list(observation.table_names)},
            "columns": {"type": "array", "items": {"type": "string", "enum": columns}, "maxItems": max(len(columns), 1)},
            "new_column": {"anyOf": [{"type": "null"}, {
                "type": "object",
                "properties": {
                    "name": {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,40}$"},
                    "value_type": {"type": "string", "enum": ["text", "integer", "number", "date", "year", "boolean"]},
                    "question": {"type": "string", "maxLength": 120},
                },
                "required": ["name", "value_type", "question"],
            }]},
        },
        "required": ["task_type", "table", "columns", "new_column"],
    }


def documents_excerpt(documents: Sequence[str], chars: int = DOCUMENT_CHARS) -> str:
    """The start of the first documents: enough for the model to see what the texts are about."""
    shown, left = [], chars
    for doc in documents[:3]:
        if left <= 80:
            break
        piece = " ".join(doc.split())[:left]
        shown.append(f"- {piece}")
        left -= len(piece)
    return "\n".join(shown)


class LlmPlanner:
    """One planner per process; `client` may be injected (tests, shared clients).

    The model decides what the wording leaves open (which table, which task, which columns a
    description means, the column to add); the rule planner's machinery builds the plan from
    those decisions, so types, formats, label sets, keys and foreign-key links come from the
    observation exactly as in the rule planner, and explicit wording the rules read wins."""

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

    def ask(self, instruction: str, observation: Observation, feedback: str = "",
            documents: Sequence[str] = ()) -> LlmDraft:
        user = f"Schema:\n{schema_summary(observation)}\n\n"
        if documents:
            user += f"The documents to read begin:\n{documents_excerpt(documents)}\n\n"
        user += f"Instruction:\n{instruction}\n"
        if feedback:
            user += f"\nYour previous plan failed these checks; fix them:\n{feedback}\n"
        try:
            response = self.client.chat.completions.create(
                model=self.settings.llm_model,
                messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}],
                response_format={"type": "json_object", "schema": draft_schema(observation)},
                temperature=0,
                max_tokens=400,
            )
            content = response.choices[0].message.content
        except Exception as exc:  # any client/transport error: the rule planner takes over
            raise LlmPlanningFailed(f"LLM call failed: {exc.__class__.__name__}: {exc}") from exc
        return parse_draft(content)

    def plan(self, instruction: str, observation: Observation, job: str, feedback: str = "",
             documents: Sequence[str] = (), known_keys: dict[str, list[str]] | None = None) -> Drafted:
        draft = self.ask(instruction, observation, feedback, documents)
        return build_plan(draft, instruction, observation, job, self.name, documents=documents, known_keys=known_keys)


def decided_of(draft: LlmDraft, observation: Observation, by: str) -> Decided:
    """The model's draft as decisions for the rule planner; unknown names are refused here so
    the model hears about them in its feedback."""
    if not observation.has_table(draft.table):
        raise LlmPlanInvalid(f"the LLM chose table {draft.table!r}, which does not exist")
    table = observation.table(draft.table)
    unknown = [c for c in draft.columns if not table.has_column(c)]
    if unknown:  # a server that does not enforce the schema's enums
        raise LlmPlanInvalid(f"table {table.name!r} has no column(s) {', '.join(unknown)}")
    new = None
    if draft.new_column is not None and not NEW_IDENTIFIER.match(draft.new_column.name):
        raise LlmPlanInvalid(f"new column name {draft.new_column.name!r} is not a plain identifier")
    if draft.new_column is not None and draft.task_type == "column_addition":
        question = draft.new_column.question or read_name(draft.new_column.name).question
        new = ins.NewColumnRequest(name=draft.new_column.name, table=table.name, description=question,
                                   sql_type=SQL_WORDS.get(draft.new_column.value_type))
    elif draft.task_type == "column_addition":
        raise LlmPlanInvalid("the plan adds a column but declares no new_column")
    return Decided(table=table.name, operation=draft.task_type,
                   columns=tuple(c for c in dict.fromkeys(draft.columns) if table.has_column(c)), new_column=new, by=by)


def build_plan(draft: LlmDraft, instruction: str, observation: Observation, job: str, planner: str,
               documents: Sequence[str] = (),
               known_keys: dict[str, list[str]] | None = None) -> Drafted:
    """The Plan for a validated draft, built by the rule planner's machinery from the model's
    decisions (explicit wording the rules read wins over the model)."""
    decided = decided_of(draft, observation, planner)
    try:
        drafted = plan_with_rules(instruction, observation, job, documents=list(documents), known_keys=known_keys,
                                  decided=decided)
    except ValidationError as exc:  # e.g. a column listed twice: the model's answer, not our bug
        raise LlmPlanInvalid(f"the LLM's plan does not validate: {str(exc)[:300]}") from exc
    return Drafted(drafted.plan.model_copy(update={"planner": planner}), drafted.notes)
