"""Cost as the target database grows (issue 14): plan seconds, integrator ms per batch and
rows/s, peak RSS and full-table reads per batch (pg_stat_user_tables.seq_tup_read), with
embedding linking off and on, and how many rows with gaps the gazetteer finds, at several sizes
of a `person` table on PostgreSQL.

The tables are built here, server-side (generate_series over name parts: "Ingrid K. Okafor"),
in a scratch database per size that is dropped afterwards. Rows with a gap (no birth date) are
spread through the table; the documents name some of them exactly, some with other case or
spacing, some misspelt or reordered, plus new people, 10 events per batch.

    .venv/bin/python benchmarks/scale.py --sizes 10000,100000 [--batches 8] [--json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TQDM_DISABLE", "1")

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import Engine  # noqa: E402

from text2db.config import Settings  # noqa: E402
from text2db.consumers.loop import settle_heap  # noqa: E402
from text2db.integrators.link import link_form  # noqa: E402
from text2db.integrators.pipeline import Integrator  # noqa: E402
from text2db.schemas.events import CandidateRow, Cell, ExtractionEvent  # noqa: E402
from text2db.schemas.plan import ColumnPlan, Plan, TablePlan, ValueFormat  # noqa: E402
from upsert_throughput import scratch_database  # noqa: E402  (this folder: a throwaway PostgreSQL database)

FIRST = ("Aaliyah Abdul Ada Adrian Agnes Ahmed Aiko Alba Alejandro Alice Amara Amir Ana Anders Andrea Anika Anton "
         "Arjun Astrid Aurora Beatriz Benedikt Bianca Bjorn Bruno Camille Carlos Carmen Cecilia Chen Chiara Clara "
         "Dalia Daniel Dario David Diego Dmitri Elena Elif Elias Elin Emeka Emil Emma Enzo Erik Esther Fatima Felix "
         "Fernando Fiona Francesca Freya Gabriel Giulia Greta Hamid Hana Hannah Hector Helga Hiroshi Hugo Ifeoma "
         "Ines Ingrid Isaac Isabel Ivan Jakob Jana Javier Jin Johan Jonas Jorge Jose Julia Kai Kamal Karin Kenji "
         "Klara Kofi Lars Laura Leila Leon Lina Lorenzo Luca Lucia Magnus Maja Malik Marco Maria Marta Mateo Mei "
         "Mia Mikhail Mina Nadia Naledi Nia Nikolai Nils Noah Nora Olga Omar Oskar Pablo Paula Pedro Priya Rafael "
         "Rania Ravi Rosa Ruth Sakura Samir Sara Sebastian Selin Sergei Sofia Sven Tariq Teresa Tomas Valentina "
         "Vera Viktor Wei Xavier Yara Yusuf Zainab Zofia").split()
LAST = ("Abbott Adeyemi Alvarez Andersen Araujo Bauer Becker Bianchi Brennan Castillo Chen Costa Dubois Eriksen "
        "Esposito Fischer Fontaine Gallo Garcia Gonzalez Haddad Hansen Hoffmann Horvat Ibrahim Ivanova Jansen "
        "Jensen Kaur Keller Kim Kowalski Kruger Larsen Laurent Lehmann Lindqvist Lopez Mancini Martins Meyer "
        "Moreau Mueller Nakamura Nguyen Novak Nowak Okafor Olsen Oliveira Ortiz Park Pereira Petrov Popescu Quinn "
        "Ramos Reyes Ricci Richter Rossi Ruiz Sato Schmidt Schneider Silva Sokolov Suzuki Tanaka Torres Vargas "
        "Vasquez Vogel Wagner Weber Wojcik Yamamoto Yilmaz Zhang Zimmermann").split()
# One row in GAP_EVERY has no birth date: those are the rows documents fill. Dense enough that each
# mention names another row at every size (half the 625 gap rows of 10k per variant, >= 31 batches
# of 10): with one row in 97, the 10k run named its 52 rows again and again, and a second mention
# is a conflict held for review, cheaper than a fill, so 10k did less work per batch than 1M.
GAP_EVERY = 16
PLAN = Plan(job="scale", instruction="add people and fill in their birth dates", planner="bench", tables=[TablePlan(
    table="person", operation="row_population", entity="person", key=["name"], columns=[
        ColumnPlan(name="name", tool="key", question="name"),
        ColumnPlan(name="birth", tool="attribute", question="date of birth", format=ValueFormat(kind="date", pattern="%Y-%m-%d")),
        ColumnPlan(name="citizenship", tool="attribute", question="citizenship", format=ValueFormat(kind="country"))])])


def name_of(i: int) -> str:
    """The name of row i, as the SQL below builds it (Python mirror for the documents)."""
    f, rest = i % len(FIRST), i // len(FIRST)
    last, middle = rest % len(LAST), rest // len(LAST) % len(FIRST)
    return f"{FIRST[f]} {FIRST[middle]} {LAST[last]}"


def build_table(engine: Engine, rows: int) -> float:
    """person(id, name UNIQUE, birth, birth_place, citizenship) with `rows` rows, built server-side."""
    assert rows + 300_000 <= len(FIRST) * len(LAST) * len(FIRST), "not enough distinct names"
    started = time.perf_counter()
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE person (id SERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth TEXT, "
                          "birth_place TEXT, citizenship TEXT)"))
        conn.execute(text("""
            INSERT INTO person (name, birth, birth_place, citizenship)
            SELECT (CAST(:first AS text[]))[1 + i % :nf] || ' ' || (CAST(:first AS text[]))[1 + (i / :nf / :nl) % :nf]
                   || ' ' || (CAST(:last AS text[]))[1 + (i / :nf) % :nl],
                   CASE WHEN i % :gap = 0 THEN NULL
                        ELSE to_char(DATE '1900-01-01' + (i * 37) % 36500, 'YYYY-MM-DD') END,
                   NULL,
                   CASE WHEN i % :gap = 0 THEN NULL
                        ELSE (ARRAY['France', 'Germany', 'Nigeria', 'Japan', 'Brazil', 'India', 'United States'])[1 + i % 7] END
            FROM generate_series(0, :n - 1) AS i"""),
            {"first": FIRST, "last": LAST, "nf": len(FIRST), "nl": len(LAST),
             "gap": GAP_EVERY, "n": rows})
        conn.execute(text("ANALYZE person"))
    return time.perf_counter() - started


def gap_rows(rows: int) -> list[int]:
    return list(range(0, rows, GAP_EVERY))


def mentions(rows: int, batches: int, batch: int, seed: int) -> list[list[ExtractionEvent]]:
    """Batches of events: gap rows named exactly, in lower case, misspelt by one letter,
    as "Last, First I." (reordered), and people not in the table. Each gap row is named once
    while there are enough (7919 is prime: the stride visits every row before any again)."""
    gaps = gap_rows(rows)[seed % 2::2]  # each variant fills its own half of the gap rows
    if batches * batch > len(gaps):
        print(f"note: {batches * batch} mentions of {len(gaps)} gap rows at {rows:,} rows: some are named twice")
    out, k = [], 0
    for b in range(batches):
        events = []
        for e in range(batch):
            i = gaps[(k * 7919) % len(gaps)]
            k += 1
            name = name_of(i)
            first, middle, last = name.split(" ")
            kind = e % 5
            if kind == 1:
                name = name.lower()
            elif kind == 2:
                name = f"{first} {middle} {last[:-2]}{last[-1]}{last[-2]}"  # transposition: one edit
            elif kind == 3:
                name = f"{last}, {first} {middle}"
            elif kind == 4:
                name = name_of(rows + seed * 100_000 + k)  # a person not in the table
            cells = [Cell(column="birth", value=f"{1 + k % 28} March {1950 + k % 40}", confidence=0.9, tool="bench.v1"),
                     Cell(column="citizenship", value="German", confidence=0.9, tool="bench.v1")]
            events.append(ExtractionEvent(job="scale", document_id=f"doc-{seed}-{b}-{e}", plan_version=1, rows=[
                CandidateRow(table="person", key=[Cell(column="name", value=name, confidence=0.9, tool="bench.v1")], cells=cells)]))
        out.append(events)
    return out


def seq_reads(url: str) -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_stat_clear_snapshot()"))
            return int(conn.execute(text("SELECT coalesce(sum(seq_tup_read), 0) FROM pg_stat_user_tables "
                                         "WHERE relname NOT LIKE 'text2db%'")).scalar())
    finally:
        engine.dispose()


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rss_mib() -> float:
    """The process's resident memory now (the peak above includes what earlier steps held)."""
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024


def run_integrator(url: str, rows: int, batches: int, batch: int, use_embeddings: bool, seed: int) -> dict[str, Any]:
    """One integrator: its first batch (creates indexes, reads conventions once) apart, then
    `batches` warm batches timed, with the table reads they cause. Runs in a process of its own
    (see `in_own_process`), as an integrator consumer does, so its RSS is the integrator's."""
    engine = create_engine(url)
    integrator = Integrator(engine, PLAN, Settings(), checks=True, use_embeddings=use_embeddings)
    work = mentions(rows, batches + 1, batch, seed)
    started = time.perf_counter()
    integrator.apply(work[0])
    first = time.perf_counter() - started
    settle_heap()  # as an integrator consumer does after its first batch (ConsumerConfig.freeze_heap)
    engine.dispose()  # statistics are flushed when a backend ends
    before = seq_reads(url)
    timings, report = [], {"rows_inserted": 0, "cells_filled": 0, "review_items": 0}
    held: Counter[str] = Counter()
    for events in work[1:]:
        started = time.perf_counter()
        result = integrator.apply(events)
        timings.append(time.perf_counter() - started)
        report["rows_inserted"] += result.table("person").rows_inserted
        report["cells_filled"] += result.table("person").cells_filled
        report["review_items"] += result.review_items
        held.update(result.rejected_values)
    engine.dispose()
    reads = seq_reads(url) - before
    per_batch = sum(timings) / len(timings)
    return {"first_batch_s": round(first, 2), "ms_per_batch": round(per_batch * 1000, 1),
            "rows_per_s": round(batch / per_batch, 1), "seq_tup_read_per_batch": reads / len(timings),
            "peak_rss_mib": round(peak_rss_mib()), "rss_mib": round(rss_mib()), **report, "held": dict(held)}


def run_plan(engine: Engine) -> float:
    from text2db.planner.api import make_plan

    settings = Settings(llm_base_url=None)
    started = time.perf_counter()
    make_plan(engine, "Fill in the missing birth dates of the people", "scale-plan", settings, llm=False)
    return time.perf_counter() - started


def run_gazetteer(engine: Engine, rows: int) -> dict[str, Any]:
    """How many of the gap rows a document names the gazetteer of a filling plan finds."""
    from text2db.extractors.gazetteer import for_table

    table = PLAN.tables[0].model_copy(update={"operation": "data_infilling", "only_existing_rows": True,
                                               "columns": PLAN.tables[0].columns[:2]})
    started = time.perf_counter()
    gazetteer = for_table(engine, table, person=True)
    load = time.perf_counter() - started
    named = gap_rows(rows)[:: max(1, len(gap_rows(rows)) // 50)]
    docs = [f"In {1900 + i % 100}, {name_of(i)} moved to Lisbon, where the family had lived for years." for i in named]
    started = time.perf_counter()
    found = sum(name_of(i) in gazetteer.find(doc) for i, doc in zip(named, docs))
    per_doc = (time.perf_counter() - started) / len(docs)
    return {"kind": type(gazetteer).__name__, "load_s": round(load, 2), "ms_per_doc": round(per_doc * 1000, 1),
            "gap_rows_named": len(named), "found": found}


def measure(size: int, batches: int, batch: int, embeddings: bool) -> dict[str, Any]:
    with scratch_database() as engine:
        result: dict[str, Any] = {"rows": size, "build_s": round(build_table(engine, size), 1)}
        started = time.perf_counter()  # the one-time build a first plan (or integrator) makes
        Integrator(engine, PLAN, Settings()).ensure_bookkeeping_tables()
        result["link_indexes_s"] = round(time.perf_counter() - started, 1)
        run_plan(engine)  # imports and first-use costs
        # ...but not the memo of the names the first plan read: `text2db plan` runs in a process
        # of its own and meets the table's values for the first time (a warm memo made the 10k
        # plan, whose 10,000 names all fit it, look cheaper than it is)
        link_form.cache_clear()
        result["plan_s"] = round(run_plan(engine), 2)
        result["gazetteer"] = run_gazetteer(engine, size)
        url = engine.url.render_as_string(hide_password=False)
        engine.dispose()
        result["embeddings_off"] = in_own_process(run_integrator, url, size, batches, batch, False, 1)
        if embeddings:
            result["embeddings_on"] = in_own_process(run_integrator, url, size, batches, batch, True, 2)
    return result


def in_own_process(function: Any, *args: Any) -> Any:
    """function(*args) in a fresh interpreter: what the plan and the gazetteer loaded in this one
    (spaCy, the planner's encoder) is not counted in the integrator's memory."""
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(function, *args).result()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000,1000000", help="comma-separated row counts")
    parser.add_argument("--batches", type=int, default=8, help="timed batches per variant (after a first one)")
    parser.add_argument("--batch", type=int, default=10, help="events per batch")
    parser.add_argument("--no-embeddings", action="store_true", help="skip the embedding-linking variant")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of a table")
    args = parser.parse_args()
    results = [measure(int(s), args.batches, args.batch, not args.no_embeddings) for s in args.sizes.split(",")]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"person table on PostgreSQL, batches of {args.batch} events, GX checks on")
    for r in results:
        print(f"\n{r['rows']:>9,} rows: built in {r['build_s']} s; link indexes built once in {r['link_indexes_s']} s "
              f"(by the first plan or integrator); plan {r['plan_s']} s")
        for variant in ("embeddings_off", "embeddings_on"):
            if variant in r:
                v = r[variant]
                print(f"  {variant:15s} {v['ms_per_batch']:8.1f} ms/batch {v['rows_per_s']:7.1f} rows/s   "
                      f"first batch {v['first_batch_s']} s   full-table reads/batch {v['seq_tup_read_per_batch']:.0f} tuples   "
                      f"RSS {v['rss_mib']} MiB (process peak {v['peak_rss_mib']})   filled {v['cells_filled']}, inserted {v['rows_inserted']}, "
                      f"review {v['review_items']} {v['held']}")
        g = r["gazetteer"]
        print(f"  gazetteer ({g['kind']}): found {g['found']} of {g['gap_rows_named']} gap rows named, "
              f"{g['ms_per_doc']} ms/doc, loaded in {g['load_s']} s")


if __name__ == "__main__":
    main()
