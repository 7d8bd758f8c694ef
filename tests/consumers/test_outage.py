"""Issue 13 item 1: a real PostgreSQL outage mid-stream (a private cluster stopped for 20 s while
both stages run on the real broker). Before: the integrator dead-lettered its batches as
DatabaseUnavailable and committed them (rows lost), and an extractor loading its plan during the
outage dead-lettered every document. Now both stages pause, expose it, lose nothing and resume
by themselves when the database is back."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest
from fakes import FAKE_PLAN, PgRowIntegrator, WordCountExtractor, count_rows, wait_for
from prometheus_client import REGISTRY
from sqlalchemy import create_engine

from text2db.consumers.configuration import ConsumerConfig
from text2db.consumers.deadletter import list_dead_letters
from text2db.consumers.extractor import run_extractor
from text2db.consumers.integrator import run_integrator
from text2db.consumers.loop import StopFlag
from text2db.consumers.publish import publish
from text2db.consumers.stages import PerPlan
from text2db.planner.store import save_plan
from text2db.schemas.events import DocumentEvent

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pgcluster import PrivateCluster  # noqa: E402

OUTAGE_S = 20
CONFIG = ConsumerConfig(backoff_initial_s=0.05, backoff_max_s=0.2, max_attempts=3, pause_initial_s=0.5, pause_max_s=2.0)


def paused(stage: str) -> float:
    return REGISTRY.get_sample_value("text2db_stage_paused", {"stage": stage}) or 0.0


def rows(engine) -> dict[str, int]:
    try:
        return count_rows(engine)
    except Exception:  # noqa: BLE001 - the database is down: nothing counted yet
        return {}


@pytest.fixture
def cluster():
    pg = PrivateCluster()
    pg.start()
    yield pg
    pg.remove()


@pytest.mark.slow
def test_database_outage_pauses_both_stages_and_loses_nothing(kafka_settings, kafka_names, cluster) -> None:
    engine = create_engine(cluster.url, pool_pre_ping=False)
    save_plan(engine, FAKE_PLAN)
    integrator = PgRowIntegrator(engine)
    extractor = WordCountExtractor()
    # The real per-plan lookup: unpinned documents read the latest plan version from the database.
    stop = StopFlag()
    threads = [
        threading.Thread(target=run_extractor, args=(kafka_settings, kafka_names.group("x"),
                         PerPlan(engine, lambda plan: extractor), CONFIG), kwargs={"stop": stop}),
        threading.Thread(target=run_integrator, args=(kafka_settings, kafka_names.group("i"),
                         PerPlan(engine, lambda plan: integrator), CONFIG), kwargs={"stop": stop}),
    ]
    before = [DocumentEvent(job="fake", document_id=f"before-{i}", text=f"film {i}") for i in range(20)]
    # Pinned documents skip the plan lookup, so their extractions reach the integrator during the
    # outage; unpinned ones make the extractor look up the latest plan and meet the outage itself.
    pinned = [DocumentEvent(job="fake", document_id=f"pinned-{i}", text=f"film {i}", plan_version=1) for i in range(15)]
    unpinned = [DocumentEvent(job="fake", document_id=f"unpinned-{i}", text=f"film {i}") for i in range(15)]
    publish(kafka_settings, before)
    for thread in threads:
        thread.start()
    try:
        wait_for(lambda: len(rows(engine)) >= len(before), 40, "the rows published before the outage")
        cluster.stop()
        down_at = time.monotonic()
        publish(kafka_settings, pinned)
        wait_for(lambda: {d.document_id for d in pinned} <= extractor.seen, 30, "the pinned documents' extractions")
        publish(kafka_settings, unpinned)
        wait_for(lambda: paused("extract") == paused("integrate") == 1.0, 30, "both stages to pause")
        time.sleep(max(0.0, OUTAGE_S - (time.monotonic() - down_at)))
        assert paused("extract") == paused("integrate") == 1.0
        assert list_dead_letters(kafka_settings, include_in_flight=True) == []
        cluster.start()
        wait_for(lambda: len(rows(engine)) >= len(before + pinned + unpinned), 40, "every row after the outage")
        wait_for(lambda: paused("extract") == paused("integrate") == 0.0, 10, "both stages to resume")
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
    assert count_rows(engine) == {d.document_id: 1 for d in before + pinned + unpinned}
    assert list_dead_letters(kafka_settings, include_in_flight=True) == []
    engine.dispose()
