"""Two integrators writing the same new entities at once on PostgreSQL: the database assigns
the surrogate keys and INSERT ... ON CONFLICT on the natural key leaves one row per entity."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import create_engine, text

from tests.integrators.conftest import EventFactory, person_plan
from text2db.config import Settings
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
