"""Errors of the extractor stage, typed so the consumer knows whether to retry or dead-letter."""

from __future__ import annotations

from text2db.errors import Terminal, Text2DbError, Transient


class ExtractorError(Text2DbError):
    """Base class of this package's errors."""


class ExtractorTimeout(ExtractorError, Transient):
    """A model call took longer than its timeout; the document can be retried later."""

    hint = "check that the LLM server answers (`text2db doctor`) or raise TEXT2DB_LLM_TIMEOUT_S"


class LLMUnavailable(ExtractorError, Transient):
    """The OpenAI-compatible endpoint refused or dropped the connection."""

    hint = "start the local server with `text2db stack up --llm` or set TEXT2DB_LLM_BASE_URL"


class InvalidLLMOutput(ExtractorError, Terminal):
    """The LLM answered with something that is not the JSON we asked for; never executed, dropped."""


class InvalidDocument(ExtractorError, Terminal):
    """The document cannot be processed (too large, empty); retrying will not help."""

    hint = "inspect the dead-lettered record; raise TEXT2DB_MAX_DOCUMENT_BYTES if it is legitimately large"


class UnknownTool(ExtractorError, Terminal):
    """A plan or config names a tool that is not registered."""

    hint = "list the registered tools with `text2db tools`"


class ModelNotAccepted(ExtractorError, Terminal):
    """A fine-tuned model did not clear its acceptance threshold, so it is not registered."""
