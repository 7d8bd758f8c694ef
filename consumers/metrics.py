"""Prometheus counters of the consume loops, served on 127.0.0.1 when --metrics-port is given."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, start_http_server

CONSUMED = Counter("text2db_consumed_records", "Records read from Kafka and processed.", ["stage"])
PRODUCED = Counter("text2db_produced_records", "Records produced with acks=all.", ["stage"])
DEAD_LETTERED = Counter("text2db_dead_lettered_records", "Records sent to the dead-letter topic.", ["stage", "reason"])
RETRIES = Counter("text2db_retries", "Retries of a Transient failure.", ["stage"])
PAUSED = Gauge("text2db_stage_paused", "1 while the stage waits for a dependency (database, broker, LLM).", ["stage"])
PAUSES = Counter("text2db_stage_pauses", "Backoff waits of a paused stage, by the error that blocked it.", ["stage", "error"])
COMMITS_FAILED = Counter("text2db_commits_failed", "Offset commits refused (rebalance, broker restart).", ["stage"])


def serve(port: int | None) -> None:
    """Expose /metrics on loopback only; None means no endpoint."""
    if port is not None:
        start_http_server(port, addr="127.0.0.1")
