"""dlq_replay under dag.test(): the real extractor consumer dead-letters poison, the DAG
re-publishes only the letters selected by reason, to the topic they came from."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from text2db.config import Settings
from text2db.consumers import loop
from text2db.consumers.deadletter import list_dead_letters, read_topic
from text2db.consumers.extractor import run_extractor
from text2db.consumers.kafka import ensure_topics, make_producer
from text2db.consumers.stages import extractor_for

pytestmark = pytest.mark.slow


def _poison(settings: Settings) -> None:
    """Two records no extractor can read, dead-lettered by the real consumer at decode."""
    ensure_topics(settings)
    producer = make_producer(settings)
    topic = settings.topics["documents"]
    producer.send(topic, key=b"bad-json", value=b"{not json")
    producer.send(topic, key=b"old-schema", value=json.dumps({"schema": "text2db.document.v0", "text": "x"}).encode())
    producer.flush()
    producer.close()
    processed = run_extractor(
        settings, f"g-{uuid.uuid4().hex[:8]}", extractor_for(settings), limits=loop.Limits(max_messages=2, idle_timeout_s=30)
    )
    assert processed == 2


def test_replay_selected_by_reason(tmp_path: Path, kafka_bootstrap: str, run_dag: Any) -> None:
    prefix = f"dlq{uuid.uuid4().hex[:6]}"
    target = tmp_path / "target.sqlite"
    settings = Settings(bootstrap_servers=kafka_bootstrap, topic_prefix=prefix, db_url=f"sqlite:///{target}", home=tmp_path)
    _poison(settings)
    assert len(list_dead_letters(settings)) == 2
    airflow = {
        "connections": {
            "text2db_kafka": {"conn_type": "kafka", "extra": {"bootstrap.servers": kafka_bootstrap}},
            "text2db_target": {"conn_type": "sqlite", "host": str(target)},
        },
        "variables": {"text2db_settings": {"topic_prefix": prefix}},
    }

    dry = run_dag("dlq_replay", {"reason": "malformed_json", "dry_run": True}, **airflow)
    assert dry.state == "success"
    assert dry.xcom["replay"]["selected"] == 1 and dry.xcom["replay"]["replayed"] == 0
    assert len(list(read_topic(settings, settings.topics["documents"]))) == 2

    real = run_dag("dlq_replay", {"reason": "malformed_json"}, **airflow)
    assert real.state == "success", real.tasks
    assert real.xcom["replay"]["replayed"] == 1, real.xcom
    assert real.xcom["replay"]["by_reason"] == {"InvalidMessage": 1}
    documents = list(read_topic(settings, settings.topics["documents"]))
    assert len(documents) == 3
    assert sum(1 for r in documents if (r.key, r.value) == (b"bad-json", b"{not json")) == 2
    assert sum(1 for r in documents if r.key == b"old-schema") == 1  # not selected: not replayed

    repeat = run_dag("dlq_replay", {"reason": "malformed_json"}, **airflow)  # nothing new to replay
    assert (repeat.xcom["replay"]["already_replayed"], repeat.xcom["replay"]["replayed"]) == (1, 0)
    forced = run_dag("dlq_replay", {"reason": "malformed_json", "again": True}, **airflow)
    assert forced.xcom["replay"]["replayed"] == 1
    later = run_dag("dlq_replay", {"reason": "malformed_json", "since": "2999-01-01T00:00:00"}, **airflow)
    assert later.xcom["replay"]["selected"] == 0

    engine = create_engine(settings.db_url)
    with engine.connect() as conn:
        rows = conn.execute(text("select task, success, result_json from text2db_task_runs order by id")).all()
    engine.dispose()
    assert [(r.task, r.success) for r in rows] == [("dlq_replay", True)] * 5
    assert json.loads(rows[1].result_json)["replayed"] == 1
