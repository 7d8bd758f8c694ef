"""Baselines of `text2db bench run --mode`: what the pipeline must beat.

llm-only: the TEXT2DB paper's one-shot baseline. The local LLM sees the instruction, the
schema, a few rows and the text once per instance and answers the columns to add and the rows
to write as JSON. The answer is untrusted: parsed, checked against the reflected schema,
written with bound parameters through quality/target.py (fill-only), never executed.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from sqlalchemy.engine import Engine

from text2db.config import Settings
from text2db.errors import ConfigError
from text2db.quality.exceptions import BaselineOutputError, LlmUnavailable
from text2db.quality.llmusage import counting_client
from text2db.quality.target import TargetTable, add_column, reflect, sample_rows, upsert

if TYPE_CHECKING:
    from text2db.quality.dataset import Instance
    from text2db.quality.run import RunStats

Scalar = str | int | float | None


class NewColumnAnswer(BaseModel):
    model_config = ConfigDict(extra="ignore")
    table: str
    name: str
    type: str = "TEXT"


class LlmAnswer(BaseModel):
    """Rows are flat {column: value} objects; "table" names the table when there are several."""

    model_config = ConfigDict(extra="ignore")
    new_columns: list[NewColumnAnswer] = Field(default_factory=list)
    rows: list[dict[str, Scalar | list[Scalar] | dict[str, Scalar]]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _column_specs_among_rows(self) -> "LlmAnswer":
        """The small model sometimes lists the new column under rows: move it back."""
        specs = [r for r in self.rows if set(r) == {"table", "name", "type"} and all(isinstance(v, str) for v in r.values())]
        self.new_columns += [NewColumnAnswer.model_validate(r) for r in specs]
        self.rows = [r for r in self.rows if r not in specs]
        return self


SYSTEM = (
    "You update a SQL database from documents, following the instruction. Answer with one JSON "
    "object only. new_columns: the columns the instruction asks to add, else []. rows: one flat "
    "object per entity of the documents the instruction is about, with its key column and every "
    "value the documents state, written in the same format as the example rows. Leave out "
    "values the documents do not state."
)


def build_prompt(instance: Instance, engine: Engine, tables: list[TargetTable]) -> str:
    parts = [f"Instruction: {instance.instruction}", "", "Schema:"]
    for t in tables:
        parts.append(t.create_sql or f"{t.name}({', '.join(t.columns)})")
        parts.append(f"Rows of {t.name} are identified by the column {t.key!r}. Example rows:")
        parts += [json.dumps(r, ensure_ascii=False, default=str) for r in sample_rows(engine, t)]
    shape = ", ".join(f'{{"table": "{t.name}", "{t.key}": ..., <column>: <value>, ...}}' for t in tables)
    parts += ["", "Documents:", instance.text.strip(), ""]
    parts.append(f'Answer as {{"new_columns": [{{"table": ..., "name": ..., "type": "TEXT|INTEGER|REAL"}}], "rows": [{shape}]}}')
    return "\n".join(parts)


def ask_llm(settings: Settings, prompt: str, stats: RunStats) -> str:
    """One chat completion in JSON mode; a slow shared CPU server gets 5x the usual timeout."""
    from openai import APIConnectionError, APITimeoutError

    client = counting_client(settings, timeout_factor=5.0)
    if client is None:
        raise ConfigError("--mode llm-only needs an LLM", hint="set TEXT2DB_LLM_BASE_URL, e.g. http://127.0.0.1:8011/v1")
    try:
        response = client.chat.completions.create(
            model=settings.llm_model,
            messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt}],
            temperature=0.0,
            max_tokens=700,
            response_format={"type": "json_object"},
        )
    except (APIConnectionError, APITimeoutError) as exc:
        raise LlmUnavailable(f"LLM at {settings.llm_base_url} did not answer: {exc}") from exc
    stats.llm_calls += client.calls
    stats.llm_tokens += client.tokens
    return response.choices[0].message.content or ""


def parse_answer(content: str) -> LlmAnswer:
    start, end = content.find("{"), content.rfind("}")
    try:
        return LlmAnswer.model_validate(json.loads(content[start : end + 1]))
    except (ValueError, ValidationError) as exc:
        raise BaselineOutputError(f"LLM answer is not the JSON asked for: {exc}; answer: {content[:300]!r}") from exc


def apply_answer(engine: Engine, tables: list[TargetTable], answer: LlmAnswer, instruction: str) -> dict[str, int]:
    """Write what validates against the reflected schema; count what was dropped and why."""
    by_name = {t.name: t for t in tables}
    counts: dict[str, int] = {}
    with engine.begin() as conn:
        for col in answer.new_columns:
            if col.name not in instruction:  # a new column must be one the instruction names
                counts["columns_not_asked"] = counts.get("columns_not_asked", 0) + 1
            elif col.table in by_name and add_column(conn, by_name[col.table], col.name, col.type):
                counts["columns_added"] = counts.get("columns_added", 0) + 1
    by_name = {t.name: t for t in reflect(engine)}
    with engine.begin() as conn:
        for row in answer.rows:
            flat = row.get("values") if isinstance(row.get("values"), dict) else row
            name = row.get("table")
            table = by_name.get(name) if isinstance(name, str) else None
            table = table or (next(iter(by_name.values())) if len(by_name) == 1 else None)
            if table is None:
                outcome = "unknown_table"
            else:
                values = {k: v for k, v in flat.items() if k in table.columns and k not in table.surrogate}
                values = {k: v for k, v in values.items() if isinstance(v, (str, int, float)) or v is None}
                outcome = upsert(conn, table.name, table.key, values)
            counts[outcome] = counts.get(outcome, 0) + 1
    return counts


def run_llm_only(engine: Engine, instance: Instance, settings: Settings, stats: RunStats) -> None:
    tables = reflect(engine)
    stats.planner = "llm-only"
    content = ask_llm(settings, build_prompt(instance, engine, tables), stats)
    stats.report = {"answer": content[:4000]}  # kept in run.json, also when it does not parse
    stats.report |= apply_answer(engine, tables, parse_answer(content), instance.instruction)

