"""Issue 14, upsert throughput: new rows, lineage and review rows go to the database in one
statement per batch (and table), and the GX suite is built once per plan version. The
decisions must be those of one insert per row: same rows, cells, lineage and review items."""

from __future__ import annotations

import math
from datetime import datetime, timezone

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection, Engine

from tests.integrators.conftest import EventFactory, films_plan, person_plan, unenforced_films_db
from text2db.config import Settings
from text2db.integrators import keyindex, lineage
from text2db.integrators.exceptions import ChecksFailed
from text2db.integrators.pipeline import build_integrator
from text2db.integrators.upsert import insert_rows, reflect
from text2db.schemas.events import Cell, Evidence


def snapshot(engine: Engine) -> dict[str, list[tuple[object, ...]]]:
    """What a batch leaves behind, without ids and timestamps."""
    with engine.connect() as conn:
        def q(sql: str) -> list[tuple[object, ...]]:
            return sorted((tuple(r) for r in conn.execute(text(sql))), key=repr)
        return {"person": q("SELECT name, birth, birth_place, citizenship FROM person"),
                "lineage": q("SELECT document_id, row_key, column_name, value, evidence_quote, confidence FROM text2db_lineage"),
                "review": q("SELECT document_id, row_key, column_name, kind, value_json, current_value, reason FROM text2db_review")}


@pytest.mark.parametrize("linking", ["column in memory", "index probes"])
def test_issue14_one_batch_decides_as_one_event_per_batch(
        person_db: Engine, make_event: EventFactory, settings: Settings, linking: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if linking == "index probes":  # as on a large table: every mention is a query, which must see the queued rows
        monkeypatch.setattr(keyindex, "SMALL_TABLE_BYTES", 0)
    events = [
        make_event("people", "person", {"name": "Ann Example"}, {"birth": "5 August 1997"}, document_id="d1"),
        make_event("people", "person", {"name": "Ann Example"}, {"citizenship": "French"}, document_id="d2"),  # a queued row
        make_event("people", "person", {"name": "Bo Other"}, {"citizenship": "German", "birth": "May 1990"}, document_id="d3"),
        make_event("people", "person", {"name": "ann  example"}, {"birth": "6 August 1997"}, document_id="d4"),  # conflict
        make_event("people", "person", {"name": "Taio Cruz"}, {"birth": "4 April 1983"}, document_id="d5"),  # existing row
        make_event("people", "person", {"name": "Cy Third"}, {"birth_place": "Lyon"}, document_id="d6"),
    ]
    report = build_integrator(person_db, person_plan(), settings).apply(events)  # GX checks on
    assert report.table("person").rows_inserted == 3 and report.table("person").cells_filled == 2
    assert report.conflicts == 1 and report.review_items == 2  # the conflict, and "May 1990" (no day)
    together = snapshot(person_db)
    assert ("Ann Example", "1997-08-05", None, "France") in together["person"]
    assert len(together["lineage"]) == 8  # 3 keys; Ann's birth and citizenship, Bo's citizenship, Taio's birth, Cy's place
    assert not build_integrator(person_db, person_plan(), settings).apply(events).changed_anything  # a replay

    with person_db.begin() as conn:  # the same events again, one batch each
        conn.execute(text("DELETE FROM person WHERE name <> 'Matthew Scott Porter' AND name <> 'Marie Faure-Favier' "
                          "AND name <> 'Taio Cruz'"))
        conn.execute(text("UPDATE person SET birth = NULL WHERE name = 'Taio Cruz'"))
        conn.execute(text("DELETE FROM text2db_lineage"))
        conn.execute(text("DELETE FROM text2db_review"))
    integrator = build_integrator(person_db, person_plan(), settings)
    for event in events:
        integrator.apply([event])
    assert snapshot(person_db) == together


@pytest.mark.parametrize("key_type", ["TEXT", "CHAR(12)"])
def test_issue14_insert_rows_tells_new_rows_from_existing_ones(db_engine: Engine, key_type: str) -> None:
    with db_engine.begin() as conn:
        pk = "id SERIAL PRIMARY KEY" if db_engine.dialect.name == "postgresql" else "id INTEGER PRIMARY KEY"
        conn.execute(text(f"CREATE TABLE thing ({pk}, name {key_type} NOT NULL UNIQUE, note TEXT)"))
        old = conn.execute(text("INSERT INTO thing (name, note) VALUES ('Old', 'kept') RETURNING id")).scalar()
    with db_engine.begin() as conn:
        target = reflect(conn, "thing", ["name"])
        results = insert_rows(conn, target, [{"name": "Old", "note": "x"}, {"name": "New", "note": "first"},
                                             {"name": "New", "note": "second"}, {"name": "Newer", "note": None}])
        stored = dict(tuple(r) for r in conn.execute(text("SELECT trim(name), id FROM thing")))  # type: ignore[misc]
        notes = dict(tuple(r) for r in conn.execute(text("SELECT trim(name), note FROM thing")))  # type: ignore[misc]
    assert results == [((old,), False), ((stored["New"],), True), ((stored["New"],), False), ((stored["Newer"],), True)]
    assert notes == {"Old": "kept", "New": "first", "Newer": None}


def lineage_rows(conn: Connection, job: str) -> list[dict[str, object]]:
    found = conn.execute(lineage.lineage_table.select().where(lineage.lineage_table.c.job == job)
                         .order_by(lineage.lineage_table.c.id)).mappings()
    return [{k: v for k, v in r.items() if k != "id"} for r in found]


def test_issue14_lineage_goes_in_whole_exactly_and_once(db_engine: Engine) -> None:
    source = lineage.Source("bulk", 3, "doc")
    odd = Cell(column="c", value="v", confidence=0.123456789012345, tool="t.v1", model="m",
               evidence=Evidence(start=2, end=9, quote='a "quote",\nnew line \\ é ü 名'))
    rows = [lineage.record(source, "person", "Ann", "name", "Ann", odd),
            lineage.record(source, "person", "Ann", "birth", None, None),
            lineage.record(source, "person", "Ann", "name", "a second value for the same cell", odd)]
    rows[1]["recorded_at"] = datetime(2001, 2, 3, 4, 5, 6, 789012, tzinfo=timezone.utc)
    with db_engine.begin() as conn:
        lineage.metadata.create_all(conn)
        assert lineage.write(conn, rows) == 2  # the duplicate within the batch: the first one wins
        assert lineage.write(conn, rows) == 0  # a replay adds nothing
        stored = lineage_rows(conn, "bulk")
    for got, sent in zip(stored, rows[:2]):
        if db_engine.dialect.name == "sqlite":  # SQLite keeps no offset
            got["recorded_at"], sent = got["recorded_at"], {**sent, "recorded_at": sent["recorded_at"].replace(tzinfo=None)}
        assert got == sent


def test_issue14_values_json_cannot_carry_take_the_row_by_row_path(pg_url: str) -> None:
    cell = Cell(column="c", value="v", confidence=0.5, tool="t.v1")
    row = lineage.record(lineage.Source("nan", 1, "doc"), "person", "Ann", "name", "Ann", cell) | {"confidence": math.nan}
    engine = create_engine(pg_url)  # the JSON statement is PostgreSQL's; JSON has no NaN
    with engine.begin() as conn:
        lineage.metadata.create_all(conn)
        assert lineage.write(conn, [row, row]) == 1
        assert math.isnan(lineage_rows(conn, "nan")[0]["confidence"])  # type: ignore[arg-type]
    engine.dispose()


def test_issue14_the_suite_is_built_once_and_foreign_keys_are_checked_per_batch(
        tmp_path, make_event: EventFactory, settings: Settings) -> None:
    engine = unenforced_films_db(tmp_path / "fk.sqlite")
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO directors (name) VALUES ('Valerio Zurlini')"))
        conn.execute(text("INSERT INTO films (title, director_id) VALUES ('Fine', 1), ('Also Fine', 1), ('Orphan', 99)"))
    integrator = build_integrator(engine, films_plan(), settings)
    integrator.apply([make_event("films", "films", {"title": "Fine"}, {"released": "1999"})])
    suite = integrator.cache.suites["films"]
    integrator.apply([make_event("films", "films", {"title": "Also Fine"}, {"released": "2000"}, document_id="d2")])
    assert integrator.cache.suites["films"] is suite
    with pytest.raises(ChecksFailed, match="director_id") as failed:
        integrator.apply([make_event("films", "films", {"title": "Orphan"}, {"released": "2001"}, document_id="d3")])
    assert [(f["expectation"], f["unexpected"]) for f in failed.value.failures] == [
        ("expect_column_values_to_be_in_set", ["99"])]
