"""The feed's task functions without Airflow: sources, the text2db_documents archive, publish."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from text2db import orchestration as orch
from text2db.config import Settings
from text2db.consumers.deadletter import read_topic
from text2db.consumers.publish import collect_documents
from text2db.schemas.events import DocumentEvent


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def web(tmp_path: Path) -> Iterator[str]:
    """Pages served over real HTTP from a temporary folder."""
    root = tmp_path / "www"
    root.mkdir()
    (root / "ada.html").write_text(
        "<html><head><style>p{}</style><script>var x=1;</script></head>"
        "<body><h1>Ada Lovelace</h1><p>Ada Lovelace was born on 10 December 1815 in London.</p></body></html>"
    )
    (root / "alan.txt").write_text("Alan Turing was born on 23 June 1912 in Maida Vale.")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _settings(tmp_path: Path, **extra: object) -> Settings:
    return Settings(db_url=f"sqlite:///{tmp_path / 'target.sqlite'}", home=tmp_path / "home", **extra)


def test_urls_are_fetched_as_text_and_archived_once(tmp_path: Path, web: str) -> None:
    settings = _settings(tmp_path)
    urls = [f"{web}/ada.html", f"{web}/alan.txt"]

    first = orch.discover_documents(settings, "people", urls, run_id="r1")
    again = orch.discover_documents(settings, "people", " , ".join(urls), run_id="r2")

    assert (first["new"], first["seen"]) == (2, 0)
    assert (again["new"], again["seen"]) == (0, 2)
    events = orch.archived_events(settings, "people")
    by_url = {e.source["url"]: e for e in events}
    ada = by_url[f"{web}/ada.html"].text
    assert ada == "Ada Lovelace\nAda Lovelace was born on 10 December 1815 in London."  # no head, style or script
    assert {e.job for e in events} == {"people"}
    assert orch.archived_events(settings, "people", run_id="r2") == []


def test_folder_and_jsonl_give_the_ids_text2db_publish_gives(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text("Grace Hopper was born in New York City.")
    (folder / "b.md").write_text("Edsger Dijkstra was born in Rotterdam.")
    jsonl = tmp_path / "feed.jsonl"
    jsonl.write_text(json.dumps({"text": "Barbara Liskov was born in Los Angeles.", "document_id": "liskov"}) + "\n\n")
    settings = _settings(tmp_path)

    orch.discover_documents(settings, "people", str(folder), run_id="r1")
    orch.discover_documents(settings, "people", str(jsonl), run_id="r1")

    archived = {e.document_id for e in orch.archived_events(settings, "people", run_id="r1")}
    cli_ids = {d.document_id for d in collect_documents([str(folder), str(jsonl)], "people", None)}
    assert archived == cli_ids and "liskov" in archived


def test_limit_and_empty_folder(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    settings = _settings(tmp_path)
    assert orch.discover_documents(settings, "j", str(folder), run_id="r0")["new"] == 0
    for i in range(5):
        (folder / f"{i}.txt").write_text(f"document number {i}")
    assert orch.discover_documents(settings, "j", str(folder), run_id="r1", limit=3)["new"] == 3
    assert orch.discover_documents(settings, "j", str(folder), run_id="r2", limit=3)["new"] == 2
    assert orch.archive_size(settings, "j") == 5


def test_a_missing_source_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(orch.ConfigError):
        orch.discover_documents(_settings(tmp_path), "j", str(tmp_path / "nope"), run_id="r1")


def test_publish_run_sends_each_new_document_once(tmp_path: Path, kafka_bootstrap: str) -> None:
    settings = _settings(tmp_path, bootstrap_servers=kafka_bootstrap, topic_prefix=f"feed{tmp_path.name[-6:]}")
    folder = tmp_path / "docs"
    folder.mkdir()
    for name in ("one", "two", "three"):
        (folder / f"{name}.txt").write_text(f"The {name} document.")
    orch.discover_documents(settings, "j", str(folder), run_id="r1")

    sent = orch.publish_run(settings, "j", "r1")
    resent = orch.publish_run(settings, "j", "r1")  # a retried task publishes nothing twice

    assert (sent["published"], resent["published"]) == (3, 0)
    on_topic = [DocumentEvent.model_validate_json(r.value) for r in read_topic(settings, settings.topics["documents"])]
    assert sorted(e.document_id for e in on_topic) == sorted(e.document_id for e in orch.archived_events(settings, "j"))
    engine = create_engine(settings.db_url)
    with engine.connect() as conn:
        assert conn.scalar(text("select count(*) from text2db_documents where published_at is null")) == 0
    engine.dispose()


def test_archive_from_topic_and_backfill_pin_the_plan_version(tmp_path: Path, kafka_bootstrap: str) -> None:
    from text2db.consumers.publish import publish
    from text2db.planner.store import save_plan
    from text2db.schemas.plan import ColumnPlan, Plan, TablePlan

    settings = _settings(tmp_path, bootstrap_servers=kafka_bootstrap, topic_prefix=f"bf{tmp_path.name[-6:]}")
    docs = [DocumentEvent(job="j", document_id=f"d{i}", text=f"text {i}") for i in range(3)]
    publish(settings, docs + [DocumentEvent(job="other", document_id="x", text="not ours")])

    assert orch.archive_from_topic(settings, "j", "r1")["archived"] == 3
    assert orch.archive_from_topic(settings, "j", "r2")["archived"] == 0

    engine = create_engine(settings.db_url)
    plan = Plan(job="j", instruction="fill", planner="test", tables=[TablePlan(
        table="person", operation="data_infilling", entity="person", key=["name"],
        columns=[ColumnPlan(name="born", tool="attribute", question="birth date")])])
    save_plan(engine, plan)
    save_plan(engine, plan)
    engine.dispose()
    result = orch.publish_backfill(settings, "j")
    assert result == {"job": "j", "plan_version": 2, "published": 3}
    on_topic = [DocumentEvent.model_validate_json(r.value) for r in read_topic(settings, settings.topics["documents"])]
    assert sorted(e.document_id for e in on_topic if e.plan_version == 2) == ["d0", "d1", "d2"]
    assert len(on_topic) == 7


def test_waiting_without_consumers_times_out_as_a_transient_error(tmp_path: Path, kafka_bootstrap: str) -> None:
    from text2db.consumers.publish import publish
    from text2db.errors import is_retryable

    settings = _settings(tmp_path, bootstrap_servers=kafka_bootstrap, topic_prefix=f"lag{tmp_path.name[-6:]}")
    publish(settings, [DocumentEvent(job="j", document_id="d1", text="nobody reads this")])
    with pytest.raises(orch.LagTimeout) as caught:
        orch.wait_for_consumers(settings, "j", timeout_s=1.0, poll_s=0.2)
    assert is_retryable(caught.value)
    assert orch.consumer_lag(settings) == {f"{settings.topic_prefix}-extract": 1, f"{settings.topic_prefix}-integrate": 0}
