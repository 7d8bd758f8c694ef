"""`text2db lineage` and `text2db review list|accept|reject` against a real database."""

from __future__ import annotations

import typer
from sqlalchemy import text
from sqlalchemy.engine import Engine
from typer.testing import CliRunner

from tests.integrators.conftest import EventFactory, person_plan
from text2db.config import Settings
from text2db.integrators.cli import register
from text2db.integrators.exceptions import ReviewItemNotFound
from text2db.integrators.pipeline import build_integrator


def cli() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def _root() -> None: ...

    register(app)
    return app


def run(*args: str) -> str:
    result = CliRunner().invoke(cli(), list(args), terminal_width=250)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.output


def test_lineage_shows_where_a_value_came_from(person_db: Engine, db_url: str, make_event: EventFactory,
                                               settings: Settings) -> None:
    event = make_event("people", "person", {"name": "Amandeep Narayan Khare"}, {"birth": "5 August 1997"}, document_id="doc-42")
    build_integrator(person_db, person_plan(), settings, checks=False).apply([event])
    out = run("lineage", "--db", db_url, "--table", "person", "--key", "Amandeep Narayan Khare", "--column", "birth")
    assert "1997-08-05" in out and "doc-42" in out and "'5 August 1997'" in out and "test.tool.v1" in out
    assert "no lineage" in run("lineage", "--db", db_url, "--table", "person", "--key", "Nobody")


def test_review_accept_applies_the_value_and_reject_leaves_the_row(
        person_db: Engine, db_url: str, make_event: EventFactory, settings: Settings) -> None:
    events = [make_event("people", "person", {"name": "Taio Cruz"}, {"citizenship": "American"}, document_id="d1"),
              make_event("people", "person", {"name": "Taio Cruz"}, {"birth_place": "London"}, document_id="d2", confidence=0.1)]
    build_integrator(person_db, person_plan(), settings, checks=False).apply(events)
    listing = run("review", "list", "--db", db_url)
    assert "conflict" in listing and "low_confidence" in listing and "2 item(s)" in listing
    with person_db.connect() as conn:
        ids = dict(conn.execute(text("SELECT kind, id FROM text2db_review")).all())
    assert "accepted" in run("review", "accept", str(ids["conflict"]), "--db", db_url)
    assert "rejected" in run("review", "reject", str(ids["low_confidence"]), "--db", db_url)
    with person_db.connect() as conn:
        assert conn.execute(text("SELECT citizenship, birth_place FROM person WHERE name = 'Taio Cruz'")).one() == (
            "United States", None)
        tool = conn.execute(text("SELECT tool FROM text2db_lineage WHERE column_name = 'citizenship'")).scalar()
    assert tool == "text2db.review.accept"
    assert "0 item(s)" in run("review", "list", "--db", db_url)
    try:
        run("review", "accept", str(ids["conflict"]), "--db", db_url)
    except ReviewItemNotFound:
        pass
    else:
        raise AssertionError("accepting a decided item must fail")
