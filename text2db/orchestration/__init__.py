"""Task functions the Airflow DAGs in dags/ call, one per task.

Why a package of its own: a DAG file only wires tasks, so everything a task does lives here,
runs without Airflow (plain arguments in, a small JSON-able dict out for XCom) and hands over
to the next task through tables in the target database keyed by job and run id (`tables`),
never through large XComs. Only `settings` touches Airflow, lazily.

| module | tasks |
|---|---|
| `settings` | Airflow connections/variables -> Settings, the DAGs' retry policy |
| `tables` | the bookkeeping tables (text2db_documents, text2db_task_runs, text2db_replayed) |
| `sources` | reading a feed source: folder, JSONL file or URLs |
| `feed` | ingest_feed: discover/archive, publish, wait for the consumers |
| `plan` | compile_plan: (design a schema when the database is empty,) observe, plan, store |
| `quality` | data_quality |
| `dlq` | dlq_replay |
| `backfill` | backfill |
| `retrain` | retrain_extractors |

The names below are re-exported so `from text2db import orchestration as orch; orch.X` works.
"""

from __future__ import annotations

from text2db.errors import ConfigError
from text2db.orchestration.backfill import publish_backfill
from text2db.orchestration.dlq import replay_dead_letters
from text2db.orchestration.exceptions import FeedUnavailable, LagTimeout, NotEnoughLabels, QualityCheckFailed
from text2db.orchestration.feed import (
    archive_from_topic,
    archive_size,
    archived_events,
    consumer_lag,
    discover_documents,
    publish_events,
    publish_run,
    wait_for_consumers,
)
from text2db.orchestration.plan import compile_plan, design_if_empty, observe_target
from text2db.orchestration.quality import check_quality
from text2db.orchestration.retrain import build_distillation_set, evaluate_candidate, fine_tune, promote_if_better
from text2db.orchestration.settings import (
    KAFKA_CONN_ID,
    LLM_CONN_ID,
    SETTINGS_VARIABLE,
    TARGET_CONN_ID,
    airflow_settings,
    dag_defaults,
    kafka_overrides,
    llm_overrides,
    setting_or_variable,
    target_url,
)
from text2db.orchestration.sources import html_text, read_source, read_urls
from text2db.orchestration.tables import (
    documents_table,
    metadata,
    record_task_run,
    replayed_table,
    task_runs_table,
)

__all__ = [
    "KAFKA_CONN_ID",
    "LLM_CONN_ID",
    "SETTINGS_VARIABLE",
    "TARGET_CONN_ID",
    "ConfigError",
    "FeedUnavailable",
    "LagTimeout",
    "NotEnoughLabels",
    "QualityCheckFailed",
    "airflow_settings",
    "archive_from_topic",
    "archive_size",
    "archived_events",
    "build_distillation_set",
    "check_quality",
    "compile_plan",
    "consumer_lag",
    "dag_defaults",
    "design_if_empty",
    "discover_documents",
    "documents_table",
    "evaluate_candidate",
    "fine_tune",
    "html_text",
    "kafka_overrides",
    "llm_overrides",
    "metadata",
    "observe_target",
    "promote_if_better",
    "publish_backfill",
    "publish_events",
    "publish_run",
    "read_source",
    "read_urls",
    "record_task_run",
    "replay_dead_letters",
    "replayed_table",
    "setting_or_variable",
    "target_url",
    "task_runs_table",
    "wait_for_consumers",
]
