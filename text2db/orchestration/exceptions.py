"""Errors of the Airflow tasks: Transient ones are retried by the DAGs' retry policy
(`dag_defaults`), Terminal ones fail the task at once."""

from __future__ import annotations

from text2db.errors import Terminal, Text2DbError, Transient


class LagTimeout(Text2DbError, Transient):
    """The consumers did not catch up in time; the task is retried later."""

    hint = "check that the extractor and integrator consumers of the job are running (`text2db consume ...`)"


class QualityCheckFailed(Text2DbError, Terminal):
    """An expectation failed on a target table; the stored results say which."""

    hint = "see the failed expectations in text2db_task_runs (task data_quality) and fix the plan or the data"


class FeedUnavailable(Text2DbError, Transient):
    """A source URL did not answer; the task is retried."""


class NotEnoughLabels(Text2DbError, Terminal):
    """Too few labels to train and hold some out; the same data would fail again."""

    hint = "ingest more documents of the job (or let the LLM label some) and run retrain_extractors again"
