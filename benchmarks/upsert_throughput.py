"""Rows per second upserted into PostgreSQL by the integrator, in batches, beside a plain
executemany and a COPY of the same rows in the same run; prints the ratios.

The integrator does more than a bulk load (normalizes dates and countries, links each row
against the table's value memory, INSERT ... ON CONFLICT, lineage per cell, optional GX
checks), so the ratio is the price of that work per row.

    .venv/bin/python benchmarks/upsert_throughput.py --rows 2000 --batch 100 [--skip-embeddings] [--existing 20000]
        [--no-link-indexes]
"""

from __future__ import annotations

import argparse
import os
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TQDM_DISABLE", "1")

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import Engine  # noqa: E402

from text2db.config import Settings  # noqa: E402
from text2db.consumers.loop import settle_heap  # noqa: E402
from text2db.integrators.pipeline import Integrator  # noqa: E402
from text2db.schemas.events import CandidateRow, Cell, ExtractionEvent  # noqa: E402
from text2db.schemas.plan import ColumnPlan, Plan, TablePlan, ValueFormat  # noqa: E402

ADMIN_URL = os.environ.get("TEXT2DB_TEST_PG_ADMIN", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
DEMONYMS = ["American", "British", "French", "German", "Indian", "Japanese", "Canadian", "Italian"]
PLAN = Plan(job="bench", instruction="add people", planner="bench", tables=[TablePlan(
    table="person", operation="row_population", entity="person", key=["name"], columns=[
        ColumnPlan(name="name", tool="key", question="name"),
        ColumnPlan(name="birth", tool="attribute", question="date of birth", format=ValueFormat(kind="date", pattern="%Y-%m-%d")),
        ColumnPlan(name="citizenship", tool="attribute", question="citizenship", format=ValueFormat(kind="country"))])])


@contextmanager
def scratch_database() -> Iterator[Engine]:
    """A throwaway PostgreSQL database for one benchmark run, dropped after (also by scale.py)."""
    admin = create_engine(ADMIN_URL, isolation_level="AUTOCOMMIT")
    name = f"t2d_bench_{uuid.uuid4().hex[:10]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine = create_engine(ADMIN_URL.rsplit("/", 1)[0] + f"/{name}")
    try:
        yield engine
    finally:
        engine.dispose()
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def fresh_table(engine: Engine, existing: int = 0) -> None:
    """An empty `person`, or one holding `existing` other people first (built server-side): past
    keyindex.SMALL_TABLE_BYTES the integrator links through its indexes instead of the column."""
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS person"))
        conn.execute(text("CREATE TABLE person (id SERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth TEXT, citizenship TEXT)"))
        for t in ("text2db_lineage", "text2db_review"):
            conn.execute(text(f"DROP TABLE IF EXISTS {t}"))
        if existing:
            conn.execute(text("INSERT INTO person (name, birth) SELECT 'Resident ' || md5(CAST(i AS text)), '1950-01-01' "
                              "FROM generate_series(1, :n) AS i"), {"n": existing})
            conn.execute(text("ANALYZE person"))


FIRST = ["Agathe", "Bruno", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kwame", "Lucia",
         "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tamar", "Umberto", "Vera", "Wilhelmina", "Yusuf"]
LAST = ["Abbott", "Brennan", "Castillo", "Dubois", "Eriksen", "Fischer", "Gallo", "Haddad", "Ivanova", "Jansen",
        "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quinn", "Rossi", "Sato", "Tanaka"]

MIDDLE = ["Alexander", "Beatrix", "Cornelius", "Dorothea", "Evander", "Florentina", "Gideon", "Hermione", "Ignatius",
          "Josephine"]


def surface_rows(n: int) -> list[tuple[str, str, str]]:
    """(name, birth as written, demonym) per row: person-like names, distinct per row."""
    names = [f"{f} {m} {l}" for m in MIDDLE for f in FIRST for l in LAST][:n]
    assert len(names) == n, f"at most {len(FIRST) * len(MIDDLE) * len(LAST)} distinct names"
    return [(names[i], f"{1 + i % 28} {MONTHS[i % 12]} {1900 + i % 100}", DEMONYMS[i % len(DEMONYMS)]) for i in range(n)]


def events(rows: list[tuple[str, str, str]], batch: int) -> list[list[ExtractionEvent]]:
    def cell(column: str, value: str) -> Cell:
        return Cell(column=column, value=value, confidence=0.9, tool="bench.v1")

    evs = [ExtractionEvent(job="bench", document_id=f"doc-{i}", plan_version=1, rows=[CandidateRow(
        table="person", key=[cell("name", name)], cells=[cell("birth", birth), cell("citizenship", demonym)])])
        for i, (name, birth, demonym) in enumerate(rows)]
    return [evs[i:i + batch] for i in range(0, len(evs), batch)]


def quarters(per_batch: list[float]) -> list[float]:
    """Mean ms per batch in each quarter of a run: flat when a batch costs the same as the table grows."""
    k = max(len(per_batch) // 4, 1)
    parts = [per_batch[i * k:(i + 1) * k] for i in range(4)]
    return [round(1000 * sum(p) / len(p), 1) for p in parts if p]


def run_integrator(engine: Engine, batches: list[list[ExtractionEvent]], existing: int = 0, link_indexes: bool = True,
                   **options: bool) -> tuple[float, float, int, list[float]]:
    settings = Settings(link_indexes=link_indexes)
    fresh_table(engine, existing)
    integrator = Integrator(engine, PLAN, settings, **options)
    integrator.apply(batches[0][:2])  # warm-up: imports, model loads (the 2nd row links), bookkeeping tables
    fresh_table(engine, existing)  # drops the bookkeeping tables and link indexes too: a new integrator makes them again
    integrator = Integrator(engine, PLAN, settings, **options)
    settle_heap()  # as a consumer does after its first batch (ConsumerConfig.freeze_heap)
    started, check_seconds, inserted, per_batch = time.perf_counter(), 0.0, 0, []
    for batch in batches:
        batch_started = time.perf_counter()
        inserted += integrator.apply(batch).table("person").rows_inserted
        per_batch.append(time.perf_counter() - batch_started)
        check_seconds += integrator.last_check_seconds if options.get("checks") else 0.0
    elapsed = time.perf_counter() - started
    return elapsed, check_seconds / len(batches), inserted, per_batch


def run_executemany(engine: Engine, rows: list[tuple[str, str, str]], batch: int, existing: int = 0) -> float:
    fresh_table(engine, existing)
    params = [{"name": n, "birth": b, "citizenship": c} for n, b, c in rows]  # already-normalized values cost the same
    started = time.perf_counter()
    for i in range(0, len(params), batch):
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO person (name, birth, citizenship) VALUES (:name, :birth, :citizenship)"),
                         params[i:i + batch])
    return time.perf_counter() - started


def run_copy(engine: Engine, rows: list[tuple[str, str, str]], batch: int, existing: int = 0) -> float:
    fresh_table(engine, existing)
    started = time.perf_counter()
    for i in range(0, len(rows), batch):
        raw = engine.raw_connection()
        try:
            with raw.cursor() as cur, cur.copy("COPY person (name, birth, citizenship) FROM STDIN") as copy:  # type: ignore[attr-defined]
                for row in rows[i:i + batch]:
                    copy.write_row(row)
            raw.commit()
        finally:
            raw.close()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--skip-embeddings", action="store_true", help="skip the slowest variant")
    parser.add_argument("--existing", type=int, default=0,
                        help="other people in the table before each run (20000: linked through the indexes)")
    parser.add_argument("--no-link-indexes", action="store_true",
                        help="TEXT2DB_LINK_INDEXES=false: no consent to create text2db's link indexes")
    args = parser.parse_args()
    rows = surface_rows(args.rows)
    batches = events(rows, args.batch)
    timings: dict[str, float] = {}
    held: dict[str, int] = {}
    growth: dict[str, list[float]] = {}
    with scratch_database() as engine:
        timings["plain executemany"] = run_executemany(engine, rows, args.batch, args.existing)
        timings["COPY"] = run_copy(engine, rows, args.batch, args.existing)
        variants = {"integrator, no checks, no embeddings": {"checks": False, "use_embeddings": False},
                    "integrator, GX checks, no embeddings": {"checks": True, "use_embeddings": False},
                    "integrator, GX checks, embedding linking": {"checks": True, "use_embeddings": True}}
        check_ms = 0.0
        for name, options in variants.items():
            if name.endswith("embedding linking") and args.skip_embeddings:
                continue
            seconds, check_s, inserted, per_batch = run_integrator(engine, batches, args.existing,
                                                                   not args.no_link_indexes, **options)
            timings[name], held[name], growth[name] = seconds, len(rows) - inserted, quarters(per_batch)
            check_ms = check_s * 1000 if options["checks"] and not options["use_embeddings"] else check_ms
    print(f"{args.rows} rows into PostgreSQL in batches of {args.batch} (one transaction per batch)"
          + (f", {args.existing} people in the table before" if args.existing else "")
          + (", without text2db's link indexes" if args.no_link_indexes else ""))
    many_rate, copy_rate = args.rows / timings["plain executemany"], args.rows / timings["COPY"]
    for name, seconds in timings.items():
        rate = args.rows / seconds
        note = f"   ({held[name]} rows held for review)" if held.get(name) else ""
        print(f"  {name:42s} {rate:8.0f} rows/s   {rate / many_rate:7.4f} x executemany   {rate / copy_rate:7.4f} x COPY{note}")
    print(f"  GX checks: {check_ms:.0f} ms per batch of {args.batch} rows")
    for name, means in growth.items():  # the table grows through the run: later quarters see more rows
        print(f"  {name}: ms per batch by quarter of the run {' / '.join(f'{m:.1f}' for m in means)}")

if __name__ == "__main__":
    main()
