"""The bookkeeping tables the tasks hand over through, in the target database (prefixed
`text2db_`, so the observer ignores them), and `record_task_run`, which keeps a task's result.

Archive decision: every document a feed picks up is stored in `text2db_documents` (keyed by
job and document id) before it is published. The table is the feed's "already seen" ledger
and the source of `backfill`; the documents topic is not, because topic retention (and
Tansu's memory storage) may drop old records. Documents published outside Airflow can be
copied into it with `archive_from_topic`.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Boolean, Column, DateTime, Integer, MetaData, String, Table, Text, create_engine
from sqlalchemy.engine import Engine

from text2db.config import Settings

metadata = MetaData()
documents_table = Table(
    "text2db_documents",
    metadata,
    Column("job", String(200), primary_key=True),
    Column("document_id", String(200), primary_key=True),
    Column("text", Text, nullable=False),
    Column("source_json", Text, nullable=False),
    Column("run_id", String(250), nullable=False, index=True),  # the feed run that found it
    Column("discovered_at", DateTime(timezone=True), nullable=False),
    Column("published_at", DateTime(timezone=True), nullable=True),
)
task_runs_table = Table(
    "text2db_task_runs",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("run_id", String(250), nullable=False, index=True),
    Column("job", String(200), nullable=False),
    Column("task", String(100), nullable=False),
    Column("success", Boolean, nullable=False),
    Column("result_json", Text, nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=False),
)
replayed_table = Table(
    "text2db_replayed",
    metadata,
    Column("source_topic", String(250), primary_key=True),
    Column("source_partition", Integer, primary_key=True),
    Column("source_offset", Integer, primary_key=True),
    Column("failed_at", DateTime(), primary_key=True),  # naive UTC: compares alike on every database
    Column("run_id", String(250), nullable=False),
    Column("replayed_at", DateTime(timezone=True), nullable=False),
)


def now() -> datetime:
    return datetime.now(UTC)


def engine_for(settings: Settings) -> Engine:
    return create_engine(settings.db_url)


def record_task_run(settings: Settings, run_id: str, job: str, task: str, success: bool, result: dict[str, Any]) -> None:
    """Keep a task's result in the target database, where operators query it with SQL."""
    engine = engine_for(settings)
    try:
        metadata.create_all(engine, tables=[task_runs_table])
        with engine.begin() as conn:
            conn.execute(
                task_runs_table.insert().values(
                    run_id=run_id, job=job, task=task, success=success,
                    result_json=json.dumps(result, default=str), finished_at=now(),
                )
            )
    finally:
        engine.dispose()
