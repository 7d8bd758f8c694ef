"""Errors of the benchmark harness, typed so a driver knows whether retrying can help."""

from __future__ import annotations

from text2db.errors import Terminal, Text2DbError, Transient


class DatasetError(Text2DbError, Terminal):
    """A dataset folder or instance does not follow the TEXT2DB layout."""

    hint = "point at a folder of <instance>/data.json + input.sqlite (see ../shared/benchmarks/README.md)"


class PredictionError(Text2DbError, Terminal):
    """A prediction database cannot be read as SQLite."""

    hint = "a prediction is <pred>/<instance>/output.sqlite, written by `text2db bench run`"


class BaselineOutputError(Text2DbError, Terminal):
    """The LLM baseline's answer is not valid JSON rows for the schema."""


class LlmUnavailable(Text2DbError, Transient):
    """The OpenAI-compatible LLM server did not answer."""

    hint = "start it (infra/llm.py) and set TEXT2DB_LLM_BASE_URL, e.g. http://127.0.0.1:8011/v1"


class PipelineIncomplete(Text2DbError, Terminal):
    """Some documents of a benchmark job ended as dead letters instead of rows."""

    hint = "the reasons say which stage failed and why"
