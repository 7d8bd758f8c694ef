"""Kafka clients built from Settings, so production (any cluster, TLS/SASL) and the local
stack differ only in configuration. Producers always use acks=all: offsets are committed only
after the output is durable."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from kafka import KafkaConsumer, KafkaProducer
from kafka.admin import KafkaAdminClient, NewTopic
from kafka.errors import KafkaError, TopicAlreadyExistsError

from text2db.config import Settings
from text2db.consumers.configuration import MAX_RECORD_BYTES, ConsumerConfig
from text2db.infra.exceptions import BrokerNotRunning

log = logging.getLogger(__name__)


def bootstrap_servers(settings: Settings) -> str:
    """The configured cluster, or the local stack's broker when none is configured."""
    if settings.bootstrap_servers:
        return settings.bootstrap_servers
    from text2db.infra.stack import local_bootstrap

    return local_bootstrap(settings)


def client_kwargs(settings: Settings) -> dict[str, Any]:
    """Connection and security options shared by producers, consumers and the admin client."""
    kwargs: dict[str, Any] = {
        "bootstrap_servers": bootstrap_servers(settings).split(","),
        "security_protocol": settings.security_protocol,
        "client_id": "text2db",
        "bootstrap_timeout_ms": 10_000,
    }
    if settings.sasl_mechanism:
        kwargs |= {
            "sasl_mechanism": settings.sasl_mechanism,
            "sasl_plain_username": settings.sasl_username,
            "sasl_plain_password": settings.sasl_password,
        }
    return kwargs


def make_producer(settings: Settings, **overrides: Any) -> KafkaProducer:
    try:
        return KafkaProducer(
            **client_kwargs(settings),
            acks="all",
            max_request_size=MAX_RECORD_BYTES,
            linger_ms=5,
            **overrides,
        )
    except KafkaError as exc:
        raise BrokerNotRunning(f"no Kafka broker at {bootstrap_servers(settings)}") from exc


def replace_producer(old: KafkaProducer, settings: Settings) -> KafkaProducer:
    """A new producer for one whose delivery failed. An idempotent producer whose id a restarted
    broker no longer knows fails every later send (a fatal InitProducerId error), so retrying the
    batch with it would never succeed. The new one is made first: while the broker is still away
    that raises BrokerNotRunning (transient) and the caller keeps the old one for the next try."""
    new = make_producer(settings)
    try:
        old.close(timeout=1)
    except Exception:  # noqa: BLE001 - it is broken already; closing it may fail too
        log.warning("closing the failed producer raised; it is replaced anyway", exc_info=True)
    return new


def make_consumer(
    settings: Settings, group: str | None, topics: Iterable[str] = (), config: ConsumerConfig | None = None, **overrides: Any
) -> KafkaConsumer:
    """A manual-commit consumer; `group=None` makes an unsubscribed reader (dlq, lag, tests)."""
    config = config or ConsumerConfig()
    options: dict[str, Any] = {
        "group_id": group,
        "enable_auto_commit": False,
        "auto_offset_reset": "earliest",
        "session_timeout_ms": config.session_timeout_ms,
        "heartbeat_interval_ms": config.heartbeat_interval_ms,
        "max_poll_records": config.max_poll_records,
        "max_partition_fetch_bytes": MAX_RECORD_BYTES,
        "fetch_max_bytes": MAX_RECORD_BYTES,
        "receive_message_max_bytes": MAX_RECORD_BYTES + 1024 * 1024,
    } | overrides
    try:
        consumer = KafkaConsumer(**client_kwargs(settings), **options)
    except KafkaError as exc:
        raise BrokerNotRunning(f"no Kafka broker at {bootstrap_servers(settings)}") from exc
    topics = list(topics)
    if topics:
        consumer.subscribe(topics)
    return consumer


def make_admin(settings: Settings) -> KafkaAdminClient:
    try:
        return KafkaAdminClient(**client_kwargs(settings))
    except KafkaError as exc:
        raise BrokerNotRunning(f"no Kafka broker at {bootstrap_servers(settings)}") from exc


def ensure_topics(settings: Settings) -> list[str]:
    """Create the documents/extractions/deadletter topics if missing; returns those created."""
    admin = make_admin(settings)
    created = []
    try:
        existing = set(admin.list_topics())
        for name in settings.topics.values():
            if name in existing:
                continue
            topic = NewTopic(
                name,
                num_partitions=settings.partitions,
                replication_factor=1 if _single_broker(admin) else 3,
                topic_configs={"max.message.bytes": str(MAX_RECORD_BYTES)},
            )
            try:
                admin.create_topics([topic])
                created.append(name)
            except TopicAlreadyExistsError:
                pass
    except KafkaError as exc:
        raise BrokerNotRunning(f"could not create topics on {bootstrap_servers(settings)}: {exc}") from exc
    finally:
        admin.close()
    return created


def _single_broker(admin: KafkaAdminClient) -> bool:
    brokers = admin.describe_cluster().get("brokers", [])
    return len(brokers) < 3
