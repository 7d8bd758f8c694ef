"""Two integrators writing the same new entities at once on PostgreSQL: the database assigns
the surrogate keys and INSERT ... ON CONFLICT on the natural key leaves one row per entity."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import create_engine, text

from tests.integrators.conftest import EventFactory, person_plan
from text2db.config import Settings
from text2db.consumers.configuration import ConsumerConfig
from text2db.consumers.retry import call_with_retries
from text2db.integrators.pipeline import build_integrator


def test_concurrent_batches_create_each_entity_once(pg_url: str, make_event: EventFactory, settings: Settings) -> None:
    engine = create_engine(pg_url, pool_size=4)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE person (id SERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth TEXT, "
                          "birth_place TEXT, citizenship TEXT)"))
    names = [f"{first} {last}" for first in ("Agathe", "Bruno", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hiroshi")
             for last in ("Castillo", "Nakamura", "Okafor", "Lindqvist", "Brennan")]

    def run(worker: int) -> int:
        integrator = build_integrator(engine, person_plan(), settings, checks=False)
        integrator.use_embeddings = False
        events = [make_event("people", "person", {"name": n}, {"birth_place": f"Town {worker}"}, document_id=f"w{worker}-{i}")
                  for i, n in enumerate(names)]
        return sum(integrator.apply(events[i:i + 5]).table("person").rows_inserted for i in range(0, len(events), 5))

    with ThreadPoolExecutor(2) as pool:
        inserted = list(pool.map(run, [1, 2]))
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT count(*), count(DISTINCT name), max(id) FROM person")).one()
    assert sum(inserted) == 40 and rows[0] == rows[1] == 40
    engine.dispose()


VARIANTS = [str.upper, lambda name: name + name[-1]]  # "KALOVEN TARMI", a one-letter typo "Kaloven Tarmii"


@pytest.mark.parametrize("unique_name", [True, False], ids=["unique-key", "no-unique-key"])
def test_two_integrators_make_one_row_per_entity(db_url: str, unique_name: bool, make_event: EventFactory,
                                                 settings: Settings) -> None:
    # issue 13 item 5: near-duplicate names at the same moment made duplicate rows in 33 of 50 pairs.
    engine = create_engine(db_url)
    pk = "id SERIAL PRIMARY KEY" if engine.dialect.name == "postgresql" else "id INTEGER PRIMARY KEY"
    with engine.begin() as conn:
        conn.execute(text(f"CREATE TABLE person ({pk}, name TEXT NOT NULL {'UNIQUE' if unique_name else ''}, "
                          "birth TEXT, birth_place TEXT, citizenship TEXT)"))
    integrators = [build_integrator(engine, person_plan(), settings, checks=False) for _ in range(2)]
    for integrator in integrators:
        integrator.use_embeddings = False
    names = [f"{first} {last}" for first, last in zip(("Kaloven", "Brisa", "Teodor", "Ulla", "Miran", "Oskia"),
                                                        ("Tarmi", "Okonkwo", "Varga", "Mbeki", "Halloran", "Quispe"))]
    pairs = [(name, VARIANTS[i % 2](name)) for i, name in enumerate(names)]
    barrier = threading.Barrier(2)

    def apply(worker: int, name: str) -> None:
        barrier.wait()
        event = make_event("people", "person", {"name": name}, {"birth_place": f"Town {worker}"}, document_id=f"w{worker}-{name}")
        # as the consumer does: a busy database (SQLite's "database is locked") is retried
        call_with_retries(lambda: integrators[worker].apply([event]), ConsumerConfig(max_attempts=10, backoff_initial_s=0.05))

    with ThreadPoolExecutor(2) as pool:
        for pair in pairs:
            list(pool.map(apply, [0, 1], pair))
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT name FROM person")).scalars().all()
    engine.dispose()
    assert len(stored) == len(names), sorted(stored)
