"""Routing with a job's table larger than its selection memory keeps (issue 16 at scale).

A job's memory keeps `keys_per_table` keys per table (5,000); a table of a million people is known
by the rest of its keys through text2db's squashed-key index, queried per document. This builds
`person` with --rows made-up people (and the index the job's planner or integrator makes), two
jobs (films, people) planned by the rule planner, and routes 100 documents each naming one
person past the first 5,000 keys: how many documents find their person's key, with the lookup
and without it (the memory's keys only), and ms/document for each.

    .venv/bin/python benchmarks/routing_large_table.py [--rows 100000] [--url postgresql+psycopg://...] [--json]

With --url the database must exist and be empty of `film` and `person` (they are replaced).
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path

from sqlalchemy import create_engine, text

FIRST = ["Agathe", "Bruno", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kwame", "Lucia",
         "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tamar"]
LAST = ["Abbott", "Brennan", "Castillo", "Dubois", "Eriksen", "Fischer", "Gallo", "Haddad", "Ivanova", "Jansen",
        "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quinn", "Rossi", "Sato", "Tanaka"]


def people(rows: int) -> list[str]:
    """Distinct names "First Middle Last[-Last]", as many as asked (at most 160,000)."""
    names = [f"{f} {m} {last}{'' if k == 0 else '-' + LAST[k]}"
             for k in range(len(LAST)) for last in LAST for m in FIRST for f in FIRST]
    assert rows <= len(names), f"at most {len(names)} names"
    return names[:rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--url", default=None, help="target database (default: a new SQLite file)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    from text2db.config import Settings
    from text2db.integrators.keyindex import create_indexes
    from text2db.planner.api import make_plan
    from text2db.planner.store import save_plan
    from text2db.routing.configuration import RouterConfig
    from text2db.routing.keys import normalize
    from text2db.routing.scorer import Document
    from text2db.routing.service import JobTarget, RoutingService

    tmp = Path(tempfile.mkdtemp())
    engine = create_engine(args.url or f"sqlite:///{tmp / 'target.sqlite'}")
    names = people(args.rows)
    pk = "SERIAL" if engine.dialect.name == "postgresql" else "INTEGER"
    with engine.begin() as conn:
        for table in ("film", "person"):
            conn.execute(text(f"DROP TABLE IF EXISTS {table}"))
        conn.execute(text(f"CREATE TABLE film (id {pk} PRIMARY KEY, title TEXT NOT NULL UNIQUE, director TEXT, release_year INTEGER)"))
        conn.execute(text(f"CREATE TABLE person (id {pk} PRIMARY KEY, name TEXT NOT NULL UNIQUE, birth_date TEXT, birth_place TEXT)"))
        conn.execute(text("INSERT INTO film (title, director, release_year) VALUES "
                          "('Inception', 'Christopher Nolan', 2010), ('Parasite', 'Bong Joon-ho', 2019)"))
        conn.execute(text("INSERT INTO person (name) VALUES (:n)"), [{"n": n} for n in names])
        create_indexes(conn, "person", "name")  # what the job's planner or integrator makes
    settings = Settings(home=tmp / "home", llm_base_url=None)
    for job, instruction in (("films", "Add every new film to the film table with its director and release year."),
                             ("people", "Add the people described in the documents to the person table with birth "
                                        "date and birth place.")):
        save_plan(engine, make_plan(engine, instruction, job, settings, llm=False, simulate=False).plan)
    config = RouterConfig()
    named = random.Random(7).sample(names[config.keys_per_table:], 100)
    docs = [Document(f"d{i}", f"{n} (born 3 May 1950) is a chemist who worked in Lyon and later taught in Geneva.")
            for i, n in enumerate(named)]
    result: dict[str, object] = {"rows": args.rows, "dialect": engine.dialect.name, "documents": len(docs)}
    for lookup in (False, True):
        service = RoutingService([JobTarget("films", engine), JobTarget("people", engine)], config)
        if not lookup:
            service.router.key_lookup = None  # the memory's keys only, as before the lookup existed
        service.route(docs[:1])  # warm-up
        started = time.perf_counter()
        decisions = service.route(docs)
        ms = (time.perf_counter() - started) / len(docs) * 1000
        found = sum(normalize(n) in next(s for s in d.scores if s.job == "people").keys for n, d in zip(named, decisions))
        to_people = sum(bool(d.chosen) and d.chosen[0].job == "people" for d in decisions)
        result["with_lookup" if lookup else "memory_keys_only"] = {
            "ms_per_document": round(ms, 2), "documents_finding_their_key": found, "routed_to_people": to_people}
    engine.dispose()
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.rows:,} people in {result['dialect']}, {len(docs)} documents each naming one past the memory's "
          f"{config.keys_per_table:,} keys")
    for name in ("memory_keys_only", "with_lookup"):
        r = result[name]
        print(f"  {name:18s} {r['ms_per_document']:6.2f} ms/document   their person's key found in "  # type: ignore[index]
              f"{r['documents_finding_their_key']}/{len(docs)}   routed to people {r['routed_to_people']}/{len(docs)}")  # type: ignore[index]


if __name__ == "__main__":
    main()
