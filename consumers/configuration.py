"""How the consume loops behave: group timing, batch size, retries. Read from TEXT2DB_CONSUMER_*."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

# Topics text2db creates accept records this large, and its clients send and fetch them: a
# 20 MB document must reach the consumer to be dead-lettered (base64 in the dead letter adds 1/3).
MAX_RECORD_BYTES = 64 * 1024 * 1024


class ConsumerConfig(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TEXT2DB_CONSUMER_", extra="ignore", frozen=True)

    session_timeout_ms: int = Field(6000, description="Group join takes about half of it on Tansu.")
    heartbeat_interval_ms: int = Field(1000, description="Must stay well below session_timeout_ms.")
    max_poll_records: int = Field(100, description="One batch: one produce flush / one DB transaction.")
    poll_timeout_ms: int = Field(500, description="How long one poll waits for records.")
    max_attempts: int = Field(4, ge=1, description="Quick tries of a Transient failure before the stage pauses.")
    backoff_initial_s: float = Field(0.2, description="First retry delay; doubles each try.")
    backoff_max_s: float = Field(5.0, description="Cap of the retry delay.")
    pause_initial_s: float = Field(1.0, description="First wait of a stage paused by an outage; doubles each try.")
    pause_max_s: float = Field(
        30.0, description="Cap of a paused stage's wait; stays well below max_poll_interval_ms so it keeps its group."
    )
    warm_start: bool = Field(
        True, description="Build every job's latest stage while joining the group, not at the first record."
    )
    freeze_heap: bool = Field(
        True, description="After the first durable batch, exempt what is alive then (imports, models, stages) from "
        "the garbage collector's full collections (loop.settle_heap)."
    )
    lost_offsets_check_s: float = Field(
        5.0, gt=0, description="How often the loop asks the group for the committed offsets of the partitions it has "
        "read: one with none any more lost its log (topic recreated, broker restarted without it) and is read "
        "again from its start (loop.RestartFromCommitted.notice_lost_offsets)."
    )
