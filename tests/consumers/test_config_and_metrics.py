"""Client settings come from Settings (security included); metrics are served on loopback."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest

from text2db.config import Settings
from text2db.consumers import metrics
from text2db.consumers.kafka import client_kwargs
from text2db.consumers.retry import Failed, backoff_delays, call_with_retries
from text2db.consumers.configuration import ConsumerConfig
from text2db.errors import ServiceUnavailable
from text2db.infra.broker import free_port
from text2db.infra.exceptions import BrokerNotRunning


def test_security_settings_reach_the_clients() -> None:
    settings = Settings(
        bootstrap_servers="k1:9093,k2:9093", security_protocol="SASL_SSL", sasl_mechanism="SCRAM-SHA-512",
        sasl_username="etl", sasl_password="secret",
    )
    kwargs = client_kwargs(settings)
    assert kwargs["bootstrap_servers"] == ["k1:9093", "k2:9093"]
    assert (kwargs["security_protocol"], kwargs["sasl_mechanism"]) == ("SASL_SSL", "SCRAM-SHA-512")
    assert (kwargs["sasl_plain_username"], kwargs["sasl_plain_password"]) == ("etl", "secret")


def test_unset_bootstrap_without_a_stack_says_how_to_fix(tmp_path: Path) -> None:
    with pytest.raises(BrokerNotRunning, match="text2db stack up"):
        client_kwargs(Settings(home=tmp_path))


def test_retries_back_off_then_give_up() -> None:
    config = ConsumerConfig(max_attempts=3, backoff_initial_s=0.01, backoff_max_s=0.015)
    assert backoff_delays(config) == [0.01, 0.015]
    calls: list[int] = []

    def always_down() -> None:
        calls.append(1)
        raise ServiceUnavailable("away")

    with pytest.raises(Failed) as info:
        call_with_retries(always_down, config)
    assert info.value.attempts == 3 and len(calls) == 3

    def broken() -> None:
        calls.append(1)
        raise ValueError("a bug is terminal")

    with pytest.raises(Failed) as info:
        call_with_retries(broken, config)
    assert info.value.attempts == 1


def test_metrics_endpoint_on_loopback() -> None:
    port = free_port()
    metrics.serve(port)
    metrics.RETRIES.labels(stage="extract").inc()
    body = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    assert 'text2db_retries_total{stage="extract"}' in body
