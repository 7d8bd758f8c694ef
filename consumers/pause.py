"""A stage paused by an outage: capped exponential backoff, logged and exposed as a metric.

Why a pause and not retries-then-dead-letters: a dependency that is away (database, broker,
LLM server) says nothing about the input, so dead-lettering would turn an outage into silent
loss. The loop keeps the batch's offsets uncommitted, rewinds and waits here; the next poll
retries the same records, and the first batch that goes through ends the pause."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from text2db.consumers import metrics
from text2db.consumers.configuration import ConsumerConfig

log = logging.getLogger(__name__)


class Pause:
    """Backoff state of one stage. `wait` sleeps; a set stop event ends the sleep at once."""

    def __init__(self, stage: str, config: ConsumerConfig, sleep: Callable[[float], object] = time.sleep) -> None:
        self.stage = stage
        self.config = config
        self.sleep = sleep
        self.tries = 0
        self.since: float | None = None

    @property
    def paused(self) -> bool:
        return self.since is not None

    def delay(self) -> float:
        """The wait before the next try: pause_initial_s doubling, capped at pause_max_s."""
        return min(self.config.pause_initial_s * 2 ** min(self.tries, 30), self.config.pause_max_s)

    def wait(self, cause: BaseException) -> None:
        delay = self.delay()
        if self.since is None:
            self.since = time.monotonic()
            metrics.PAUSED.labels(stage=self.stage).set(1)
            log.warning("%s paused: %s: %s; offsets stay uncommitted, retrying in %.1f s",
                        self.stage, type(cause).__name__, cause, delay)
        else:
            log.warning("%s still paused after %.0f s (%s: %s); retrying in %.1f s",
                        self.stage, time.monotonic() - self.since, type(cause).__name__, cause, delay)
        metrics.PAUSES.labels(stage=self.stage, error=type(cause).__name__).inc()
        self.tries += 1
        self.sleep(delay)

    def resume(self) -> None:
        """A batch went through: the dependency is back."""
        if self.since is None:
            return
        log.warning("%s resumed after %.1f s paused (%d tries)", self.stage, time.monotonic() - self.since, self.tries)
        metrics.PAUSED.labels(stage=self.stage).set(0)
        self.since, self.tries = None, 0

