"""Error taxonomy shared by every stage.

Retry logic checks the type, never the message: a `Transient` error pauses the stage (its
offsets stay uncommitted, it backs off and tries again until the dependency is back); a
`Terminal` error is dead-lettered at once. Every error says what the operator should do next
(`hint`).

`Transient` and `Terminal` are exception classes (not plain mixins) so `except Transient:`
works: a plain class in an `except` tuple turns every exception into a TypeError (issue 13).
"""

from __future__ import annotations

import sys


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


class Transient(Exception):
    """Mixin: the same input may succeed later (broker or database away, timeout)."""

    retryable = True


class Terminal(Exception):
    """Mixin: the same input will always fail (malformed, invalid, violates a check)."""

    retryable = False


def is_retryable(exc: BaseException) -> bool:
    """Classify any exception by its type; unknown exceptions are terminal so poison never loops.

    Our own errors say it (`retryable`). Driver errors raised before any stage could translate
    them (a plan loaded while PostgreSQL restarts, a broker timeout, an LLM server away) are
    recognised here, in one place, so no stage dead-letters an outage as if the input were bad."""
    flag = getattr(exc, "retryable", None)
    if isinstance(flag, bool):
        return flag
    return _foreign_transient(exc)


def _foreign_transient(exc: BaseException) -> bool:
    if isinstance(exc, (ConnectionError, TimeoutError)):
        return True
    kafka_errors = sys.modules.get("kafka.errors")
    if kafka_errors is not None and isinstance(exc, kafka_errors.KafkaError):
        return bool(getattr(exc, "retriable", False)) or isinstance(exc, kafka_errors.BrokerNotAvailableError)
    sa_exc = sys.modules.get("sqlalchemy.exc")
    if sa_exc is not None:
        if isinstance(exc, (sa_exc.OperationalError, sa_exc.InterfaceError, sa_exc.DisconnectionError, sa_exc.TimeoutError)):
            return True
        if isinstance(exc, sa_exc.DBAPIError) and exc.connection_invalidated:
            return True
    openai = sys.modules.get("openai")
    if openai is not None and isinstance(
        exc, (openai.APIConnectionError, openai.APITimeoutError, openai.RateLimitError, openai.InternalServerError)
    ):
        return True
    return False


class ConfigError(Text2DbError, Terminal):
    """A setting is missing or wrong; nothing was processed."""


class InvalidMessage(Text2DbError, Terminal):
    """A Kafka record that does not decode or validate against its contract."""


class ServiceUnavailable(Text2DbError, Transient):
    """A broker, database or LLM server that does not answer right now."""
