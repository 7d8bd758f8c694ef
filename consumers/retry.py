"""Retry a stage call: Transient errors back off and try again, anything else fails at once.
The caller dead-letters what fails, with the number of attempts made."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TypeVar

from text2db.consumers.configuration import ConsumerConfig
from text2db.errors import is_retryable

T = TypeVar("T")
log = logging.getLogger(__name__)


class Failed(Exception):
    """The call failed for good: `cause` is the last error, `attempts` how many tries it took."""

    def __init__(self, cause: BaseException, attempts: int) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.attempts = attempts


def backoff_delays(config: ConsumerConfig) -> list[float]:
    """Delays before tries 2..max_attempts: doubling from backoff_initial_s, capped."""
    return [min(config.backoff_initial_s * 2**i, config.backoff_max_s) for i in range(config.max_attempts - 1)]


def call_with_retries(
    fn: Callable[[], T], config: ConsumerConfig, on_retry: Callable[[BaseException], None] | None = None
) -> T:
    delays = backoff_delays(config)
    for attempt in range(1, config.max_attempts + 1):
        try:
            return fn()
        except Exception as exc:  # classified by type: Transient retries, the rest is terminal
            if not is_retryable(exc) or attempt == config.max_attempts:
                raise Failed(exc, attempt) from exc
            log.warning("attempt %d failed (%s), retrying in %.1f s", attempt, exc, delays[attempt - 1])
            if on_retry is not None:
                on_retry(exc)
            time.sleep(delays[attempt - 1])
    raise AssertionError("unreachable")
