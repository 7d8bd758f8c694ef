"""`text2db demo`: the films-and-directors sample through the whole pipeline.

stack up (if needed) -> load the sample database (if absent) -> plan the job (or reuse its
stored plan) -> publish the sample documents -> run both stages in-process until the lag is
zero -> print what changed, measured on the database itself. A second run changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.table import Table
from sqlalchemy import Column, ForeignKey, Integer, MetaData, String, Table as SqlTable, inspect, select, text
from sqlalchemy.engine import Engine

import text2db
from text2db.config import Settings
from text2db.consumers import stages
from text2db.consumers.deadletter import list_dead_letters
from text2db.consumers.extractor import run_extractor
from text2db.consumers.integrator import IntegratorWorker, run_integrator
from text2db.consumers.loop import Limits, StopFlag
from text2db.consumers.publish import collect_documents, publish
from text2db.schemas.plan import Plan

JOB = "films-demo"
INSTRUCTION = "Add every new film and its director, and fill in missing release years"
SAMPLES = Path(text2db.__file__).parent / "samples" / "films"
UNTIL_DONE = Limits(until_caught_up=True, idle_timeout_s=120)

metadata = MetaData()
directors = SqlTable(
    "directors",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), unique=True, nullable=False),
    Column("born", String(10)),  # ISO date
    Column("nationality", String(100)),
)
films = SqlTable(
    "films",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("title", String(300), unique=True, nullable=False),
    Column("year", Integer),
    Column("director_id", Integer, ForeignKey("directors.id")),
)
Snapshot = dict[str, dict[int, dict[str, object]]]


def load_sample_database(engine: Engine, fresh: bool = False) -> bool:
    """Create and fill the sample tables unless they exist; returns True when it loaded them."""
    if fresh:
        metadata.drop_all(engine)
    if inspect(engine).has_table("films"):
        return False
    metadata.create_all(engine)
    rows = json.loads((SAMPLES / "database.json").read_text())
    with engine.begin() as conn:
        conn.execute(directors.insert(), rows["directors"])
        conn.execute(films.insert(), rows["films"])
        if engine.dialect.name == "postgresql":  # rows came with ids: move the id sequences past them
            for table in (directors, films):
                conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                                  f"(SELECT max(id) FROM {table.name}))"))
    return True


def snapshot(engine: Engine) -> Snapshot:
    with engine.connect() as conn:
        return {t.name: {r.id: dict(r._mapping) for r in conn.execute(select(t))} for t in (directors, films)}


def job_plan(engine: Engine, settings: Settings) -> Plan:
    """The job's stored plan, or a new one from the instruction (planned once, reused after)."""
    from text2db.planner.store import PlanNotFound, load_plan, save_plan

    try:
        return load_plan(engine, JOB)
    except PlanNotFound:
        from text2db.planner.api import make_plan

        return save_plan(engine, make_plan(engine, INSTRUCTION, JOB, settings).plan)


def run_demo(settings: Settings, console: Console, fresh: bool = False, llm: bool = True) -> None:
    from text2db.infra import llm as local_llm

    url = local_llm.endpoint(settings, None if llm else False, console.print, alone="running on the small models alone")
    if url:  # the local LLM is part of the embedded default stack
        console.print(f"LLM {url}")
    settings = settings.model_copy(update={"llm_base_url": url})
    if not settings.bootstrap_servers:
        from text2db.infra.stack import stack_up

        state, started = stack_up(settings)
        console.print(f"broker {state.bootstrap_servers} ({'started' if started else 'already up'})")
    engine = stages.target_engine(settings)
    if load_sample_database(engine, fresh):
        console.print(f"loaded the sample films database into {settings.db_url}")
    plan = job_plan(engine, settings)
    console.print(f"plan v{plan.version} for {INSTRUCTION!r}: tables {', '.join(t.table for t in plan.tables)}")

    before, dead_before = snapshot(engine), len(list_dead_letters(settings))
    documents = collect_documents([str(SAMPLES / "documents")], JOB, plan.version)
    publish(settings, documents)
    console.print(f"published {len(documents)} documents; running both stages until the lag is zero")
    stop = StopFlag().install_signal_handlers()
    group = settings.topic_prefix
    run_extractor(settings, f"{group}-extract", stages.extractor_for(settings, engine), limits=UNTIL_DONE, stop=stop)
    workers: list[IntegratorWorker] = []
    run_integrator(
        settings, f"{group}-integrate", stages.integrator_for(settings, engine), limits=UNTIL_DONE, stop=stop, worker_out=workers
    )
    dead_letters = len(list_dead_letters(settings)) - dead_before
    print_changes(console, before, snapshot(engine), dead_letters, workers[0].report.review_items if workers else 0)


def print_changes(console: Console, before: Snapshot, after: Snapshot, dead_letters: int, review_items: int) -> None:
    table = Table("table", "rows added", "cells filled", "cells changed", title="What changed")
    for name in after:
        added = [r for i, r in after[name].items() if i not in before[name]]
        filled = changed = 0
        for i, row in before[name].items():
            for column, old in row.items():
                new = after[name].get(i, {}).get(column)
                filled += old is None and new is not None
                changed += old is not None and new != old
        table.add_row(name, str(len(added)), str(filled), str(changed))
    console.print(table)
    console.print(f"dead letters: {dead_letters}   held for review: {review_items}")
    for name in after:
        for i, row in after[name].items():
            if row != before[name].get(i):
                mark = "+" if i not in before[name] else "~"
                console.print(f"  {mark} {name}: " + ", ".join(f"{k}={v}" for k, v in row.items()), highlight=False)
