"""ingest_feed and backfill under dag.test(), end to end: pages served over local HTTP ->
the real extractor and integrator consumers (threads here, services in production) -> the
target database. Then a new plan version is backfilled over the archived documents."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from text2db import orchestration as orch
from text2db.config import Settings
from text2db.consumers import stages
from text2db.consumers.deadletter import read_topic
from text2db.consumers.extractor import run_extractor
from text2db.consumers.integrator import run_integrator
from text2db.consumers.lag import default_groups
from text2db.consumers.loop import StopFlag
from text2db.schemas.events import ExtractionEvent

pytestmark = pytest.mark.slow

PAGES = {
    # (no heading line right before the name: the extractor's NER currently joins a name with
    # the line above it, e.g. "Biography\nAlan Turing")
    "turing.html": "<html><head><title>Alan Turing</title><style>p {color: red}</style></head><body>"
                   "<p>Alan Turing was born in <b>1912</b> in London.</p><p>He worked at Bletchley Park.</p>"
                   "<script>var born = 1900;</script></body></html>",
    "dijkstra.txt": "Edsger Dijkstra (born 1930) was a computer scientist from Rotterdam.",
}


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def pages(tmp_path: Path) -> Iterator[list[str]]:
    root = tmp_path / "www"
    root.mkdir()
    for name, body in PAGES.items():
        (root / name).write_text(body)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield [f"http://127.0.0.1:{server.server_address[1]}/{name}" for name in PAGES]
    server.shutdown()
    server.server_close()


@pytest.fixture
def consumers(settings: Settings) -> Iterator[None]:
    """Both stages' consumers in their default groups, as `text2db consume` would run them."""
    stop = StopFlag()
    groups = list(default_groups(settings))
    threads = [
        threading.Thread(target=run_extractor, args=(settings, groups[0], stages.extractor_for(settings)),
                         kwargs={"stop": stop}, daemon=True),
        threading.Thread(target=run_integrator, args=(settings, groups[1], stages.integrator_for(settings)),
                         kwargs={"stop": stop}, daemon=True),
    ]
    for thread in threads:
        thread.start()
    yield
    alive = [thread.is_alive() for thread in threads]
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
    assert all(alive), "a consumer thread died during the test (see its traceback above)"


@pytest.fixture
def settings(tmp_path: Path, kafka_bootstrap: str) -> Settings:
    target = f"sqlite:///{tmp_path / 'target.sqlite'}"
    engine = create_engine(target)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE people (id INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL UNIQUE, "
                          "city VARCHAR(80), born INTEGER)"))
        conn.execute(text("INSERT INTO people (name, city, born) VALUES ('Ada Lovelace', 'London', 1815), "
                          "('Alan Turing', NULL, NULL), ('Grace Hopper', 'New York City', 1906), "
                          "('Edsger Dijkstra', NULL, NULL)"))
    engine.dispose()
    return Settings(bootstrap_servers=kafka_bootstrap, topic_prefix=f"feed{uuid.uuid4().hex[:6]}", db_url=target,
                    home=tmp_path / "home")


def _born(settings: Settings) -> dict[str, int | None]:
    engine = create_engine(settings.db_url)
    with engine.connect() as conn:
        rows = dict(conn.execute(text("select name, born from people")).all())
    engine.dispose()
    return rows


def test_feed_then_backfill_a_new_plan_version(settings: Settings, pages: list[str], consumers: None, run_dag: Any) -> None:
    airflow = {
        "connections": {
            "text2db_kafka": {"conn_type": "kafka", "extra": {"bootstrap.servers": settings.bootstrap_servers}},
            "text2db_target": {"conn_type": "sqlite", "host": settings.db_url.removeprefix("sqlite:///")},
        },
        "variables": {"text2db_settings": {"topic_prefix": settings.topic_prefix}, "text2db_job": "people"},
    }
    v1 = orch.compile_plan(settings, "people", "Fill in the missing city of the people table.", "t", use_llm=False)
    assert v1["version"] == 1

    first = run_dag("ingest_feed", {"source": pages, "lag_timeout_s": 90}, **airflow)
    assert first.state == "success", first.tasks
    assert first.xcom["discover"]["new"] == 2 and first.xcom["publish"]["published"] == 2
    assert set(first.xcom["wait_for_consumers"]["lag"].values()) == {0}
    assert first.xcom["quality"]["failed"] == 0
    assert _born(settings)["Alan Turing"] is None  # plan v1 fills cities only

    second = run_dag("ingest_feed", {"source": pages, "lag_timeout_s": 90}, **airflow)
    assert second.state == "success", second.tasks
    assert (second.xcom["discover"]["new"], second.xcom["publish"]["published"]) == (0, 0)

    v2 = orch.compile_plan(settings, "people", "Fill in the missing birth year of the people table.", "t", use_llm=False)
    backfill = run_dag("backfill", {"lag_timeout_s": 90}, **airflow)
    assert backfill.state == "success", backfill.tasks
    assert backfill.xcom["republish"] == {"job": "people", "plan_version": v2["version"], "published": 2}

    born = _born(settings)
    assert (born["Alan Turing"], born["Edsger Dijkstra"], born["Ada Lovelace"]) == (1912, 1930, 1815)
    extractions = [ExtractionEvent.model_validate_json(r.value) for r in read_topic(settings, settings.topics["extractions"])]
    assert sorted(e.plan_version for e in extractions) == [1, 1, 2, 2]
