"""Settings for a task from Airflow connections and variables (falling back to TEXT2DB_*), and
the retry policy every text2db DAG uses. The only module that touches Airflow, lazily: a DAG
file imports the package at parse time, connections are read at run time."""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import URL, make_url

from text2db.config import Settings
from text2db.errors import ConfigError

KAFKA_CONN_ID = "text2db_kafka"
TARGET_CONN_ID = "text2db_target"
LLM_CONN_ID = "text2db_llm"
SETTINGS_VARIABLE = "text2db_settings"  # JSON object of Settings fields, e.g. {"topic_prefix": "prod"}


def target_url(conn: Any) -> str:
    """An SQLAlchemy URL from an Airflow connection: extra `sqlalchemy_url` (works whatever the
    type: without the postgres/sqlite providers Airflow stores the type as `generic`), else a
    postgres or sqlite connection's fields."""
    extra = conn.extra_dejson or {}
    if extra.get("sqlalchemy_url"):  # any database; the connection's password fills a URL without one
        url = make_url(str(extra["sqlalchemy_url"]))
        if conn.password and not url.password:
            url = url.set(password=conn.password)
        return url.render_as_string(hide_password=False)
    kind = (conn.conn_type or "").lower()
    if kind in ("postgres", "postgresql"):
        return URL.create(
            "postgresql+psycopg",
            username=conn.login or None,
            password=conn.password or None,
            host=conn.host or "127.0.0.1",
            port=conn.port or 5432,
            database=conn.schema or None,
        ).render_as_string(hide_password=False)
    if kind == "sqlite":
        return f"sqlite:///{conn.host}"
    raise ConfigError(
        f"connection {TARGET_CONN_ID!r} has type {kind!r} and no extra `sqlalchemy_url`",
        hint='set its extra to {"sqlalchemy_url": "postgresql+psycopg://user@host:5432/db"} (password from the connection)',
    )


def kafka_overrides(conn: Any) -> dict[str, Any]:
    """Settings fields from a Kafka provider connection (its extra holds librdkafka keys)."""
    extra = conn.extra_dejson or {}
    servers = extra.get("bootstrap.servers") or (f"{conn.host}:{conn.port or 9092}" if conn.host else None)
    out: dict[str, Any] = {"bootstrap_servers": servers} if servers else {}
    mapping = {
        "security.protocol": "security_protocol",
        "sasl.mechanism": "sasl_mechanism",
        "sasl.mechanisms": "sasl_mechanism",
        "sasl.username": "sasl_username",
        "sasl.password": "sasl_password",
    }
    out |= {field: extra[key] for key, field in mapping.items() if extra.get(key)}
    return out


def llm_overrides(conn: Any) -> dict[str, Any]:
    """Settings fields from an OpenAI-compatible endpoint connection (host = base URL)."""
    extra = conn.extra_dejson or {}
    base = extra.get("base_url") or conn.host or ""
    if base and not base.startswith(("http://", "https://")):
        base = f"{conn.schema or 'http'}://{base}{f':{conn.port}' if conn.port else ''}/v1"
    out: dict[str, Any] = {"llm_base_url": base} if base else {}
    if conn.password:
        out["llm_api_key"] = conn.password
    if extra.get("model"):
        out["llm_model"] = extra["model"]
    return out


def _connection(conn_id: str) -> Any | None:
    from airflow.sdk import Connection
    from airflow.sdk.exceptions import AirflowNotFoundException, AirflowRuntimeError

    try:
        return Connection.get(conn_id)
    except (AirflowNotFoundException, AirflowRuntimeError):
        return None


def airflow_settings(**overrides: Any) -> Settings:
    """Settings for a task: TEXT2DB_* values, overridden by the `text2db_settings` variable and
    the text2db_kafka / text2db_target / text2db_llm connections when they exist. Call it
    inside a task only (connections are read at run time, never at DAG parse time)."""
    from airflow.sdk import Variable

    fields: dict[str, Any] = dict(Variable.get(SETTINGS_VARIABLE, default={}, deserialize_json=True) or {})
    if conn := _connection(KAFKA_CONN_ID):
        fields |= kafka_overrides(conn)
    if conn := _connection(TARGET_CONN_ID):
        fields["db_url"] = target_url(conn)
    if conn := _connection(LLM_CONN_ID):
        fields |= llm_overrides(conn)
    return Settings(**(fields | {k: v for k, v in overrides.items() if v is not None}))


def setting_or_variable(value: Any, variable: str, default: Any = None) -> Any:
    """A DAG param when given, else the Airflow variable (scheduled runs carry no conf)."""
    if value not in (None, ""):
        return value
    from airflow.sdk import Variable

    found = Variable.get(variable, default=default)
    if found in (None, ""):
        raise ConfigError(f"no value given and Airflow variable {variable!r} is not set")
    return found


def dag_defaults(retries: int = 2, retry_delay_s: float = 60.0) -> dict[str, Any]:
    """default_args for every text2db DAG: a Transient error (broker, database or LLM away,
    consumers behind) is retried; a Terminal one (plan rejected, expectation failed, bad
    input) fails at once, since the same input would fail again."""
    from datetime import timedelta

    from airflow.sdk import ExceptionRetryPolicy, RetryAction, RetryRule

    policy = ExceptionRetryPolicy(
        rules=[
            RetryRule(exception="text2db.errors.Terminal", action=RetryAction.FAIL, reason="terminal text2db error"),
            RetryRule(exception="text2db.errors.Transient", action=RetryAction.RETRY, reason="transient text2db error"),
        ]
    )
    return {"owner": "text2db", "retries": retries, "retry_delay": timedelta(seconds=retry_delay_s), "retry_policy": policy}
