"""The DAG files parse, carry the agreed ids, and resolve settings from Airflow connections."""

from __future__ import annotations

import json
from typing import Any

import pytest

from text2db import orchestration as orch

DAG_IDS = {"compile_plan", "ingest_feed", "data_quality", "dlq_replay", "retrain_extractors", "backfill"}


def test_every_dag_loads_with_its_agreed_id(dagbag: Any) -> None:
    assert dagbag.import_errors == {}
    assert set(dagbag.dag_ids) == DAG_IDS
    assert dagbag.dags["ingest_feed"].schedule == "*/15 * * * *"
    for dag_id in DAG_IDS:
        dag = dagbag.dags[dag_id]
        assert set(dag.tags) == {"text2db"}
        assert all(t.retry_policy is not None for t in dag.tasks), dag_id


def test_terminal_errors_fail_at_once_and_transient_ones_retry() -> None:
    from airflow.sdk import RetryAction

    from text2db.planner.exceptions import PlanRejected

    policy = orch.dag_defaults()["retry_policy"]
    assert policy.evaluate(PlanRejected("no"), 1, 3).action == RetryAction.FAIL
    assert policy.evaluate(orch.QualityCheckFailed("no"), 1, 3).action == RetryAction.FAIL
    assert policy.evaluate(orch.LagTimeout("later"), 1, 3).action == RetryAction.RETRY
    assert policy.evaluate(KeyError("x"), 1, 3).action == RetryAction.DEFAULT


def _conn(**fields: Any) -> Any:
    from airflow.sdk import Connection

    extra = fields.pop("extra", None)
    return Connection(conn_id="c", extra=json.dumps(extra) if extra is not None else None, **fields)


def test_target_connection_becomes_a_sqlalchemy_url() -> None:
    pg = _conn(conn_type="postgres", host="db.internal", port=5433, login="loader", password="p@ss/word", schema="warehouse")
    assert orch.target_url(pg) == "postgresql+psycopg://loader:p%40ss%2Fword@db.internal:5433/warehouse"
    assert orch.target_url(_conn(conn_type="sqlite", host="/data/t.sqlite")) == "sqlite:////data/t.sqlite"
    assert orch.target_url(_conn(conn_type="generic", extra={"sqlalchemy_url": "mysql://x/y"})) == "mysql://x/y"
    generic = _conn(conn_type="generic", password="s3cret", extra={"sqlalchemy_url": "postgresql+psycopg://u@h/db"})
    assert orch.target_url(generic) == "postgresql+psycopg://u:s3cret@h/db"
    with pytest.raises(orch.ConfigError):
        orch.target_url(_conn(conn_type="http", host="x"))


def test_kafka_and_llm_connections_become_settings() -> None:
    kafka = _conn(conn_type="kafka", extra={
        "bootstrap.servers": "k1:9093,k2:9093", "security.protocol": "SASL_SSL",
        "sasl.mechanisms": "SCRAM-SHA-512", "sasl.username": "u", "sasl.password": "s",
    })
    assert orch.kafka_overrides(kafka) == {
        "bootstrap_servers": "k1:9093,k2:9093", "security_protocol": "SASL_SSL",
        "sasl_mechanism": "SCRAM-SHA-512", "sasl_username": "u", "sasl_password": "s",
    }
    llm = _conn(conn_type="http", host="127.0.0.1", port=8011, password="key", extra={"model": "qwen"})
    assert orch.llm_overrides(llm) == {"llm_base_url": "http://127.0.0.1:8011/v1", "llm_api_key": "key", "llm_model": "qwen"}
    assert orch.llm_overrides(_conn(conn_type="openai", host="https://api.example/v1"))["llm_base_url"] == "https://api.example/v1"


def test_airflow_settings_layer_connections_over_text2db_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEXT2DB_DB_URL", "sqlite:///from-env.sqlite")
    monkeypatch.setenv("TEXT2DB_LLM_MODEL", "env-model")
    monkeypatch.delenv("AIRFLOW_CONN_TEXT2DB_TARGET", raising=False)
    monkeypatch.delenv("AIRFLOW_CONN_TEXT2DB_LLM", raising=False)
    assert orch.airflow_settings().db_url == "sqlite:///from-env.sqlite"  # no connection: TEXT2DB_* as is

    monkeypatch.setenv("AIRFLOW_CONN_TEXT2DB_TARGET", json.dumps({"conn_type": "sqlite", "host": "/srv/t.sqlite"}))
    monkeypatch.setenv("AIRFLOW_CONN_TEXT2DB_KAFKA", json.dumps({"conn_type": "kafka", "extra": {"bootstrap.servers": "k:1"}}))
    monkeypatch.setenv("AIRFLOW_VAR_TEXT2DB_SETTINGS", json.dumps({"topic_prefix": "prod", "partitions": 12}))
    settings = orch.airflow_settings(partitions=3)
    assert (settings.db_url, settings.bootstrap_servers, settings.topic_prefix) == ("sqlite:////srv/t.sqlite", "k:1", "prod")
    assert settings.partitions == 3 and settings.llm_model == "env-model"
