"""Error taxonomy shared by every stage.

Retry logic checks the type, never the message: a `Transient` error is retried with backoff
and then dead-lettered; a `Terminal` error is dead-lettered at once. Every error says what
the operator should do next (`hint`).
"""

from __future__ import annotations


class Text2DbError(Exception):
    """Base class. `hint` is the next step for the operator, shown by the CLI."""

    hint: str = ""

    def __init__(self, message: str, *, hint: str | None = None, **context: object) -> None:
        super().__init__(message)
        if hint is not None:
            self.hint = hint
        self.context = context

    def __str__(self) -> str:
        text = super().__str__()
        return f"{text} ({self.hint})" if self.hint else text


class Transient:
    """Mixin: the same input may succeed later (broker or database away, timeout)."""

    retryable = True


class Terminal:
    """Mixin: the same input will always fail (malformed, invalid, violates a check)."""

    retryable = False


def is_retryable(exc: BaseException) -> bool:
    """Classify any exception; unknown exceptions are terminal so poison never loops."""
    return bool(getattr(exc, "retryable", False))


class ConfigError(Text2DbError, Terminal):
    """A setting is missing or wrong; nothing was processed."""


class InvalidMessage(Text2DbError, Terminal):
    """A Kafka record that does not decode or validate against its contract."""


class ServiceUnavailable(Text2DbError, Transient):
    """A broker, database or LLM server that does not answer right now."""
