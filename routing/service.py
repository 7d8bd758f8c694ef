"""A running router: the jobs it routes to (each with its target database), their memories,
and the refresh that keeps memories current while the feed runs - new keys (rows the
integrators wrote), new plan versions, and the documents each job accepted (a routed document
from which the job wrote a cell becomes one of its accepted documents)."""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import MetaData, Table, create_engine, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from text2db.config import Settings
from text2db.extractors.gazetteer import IndexedGazetteer
from text2db.integrators.keyindex import existing_indexes, index_name
from text2db.planner.store import planned_jobs
from text2db.routing import store
from text2db.routing.configuration import RouterConfig
from text2db.routing.encoder import embed, lead
from text2db.routing.exceptions import BadJobList, MemoryUnavailable, NoJobsToRoute
from text2db.routing.keys import Owner
from text2db.routing.scorer import Document, Router, TieBreaker
from text2db.schemas.routing import RouteDecision

log = logging.getLogger(__name__)
RECENT = 5000  # routed documents remembered until their job accepts them (or they age out)


@dataclass(frozen=True)
class JobTarget:
    job: str
    engine: Engine


def job_targets(settings: Settings, config: RouterConfig, engine: Engine | None = None) -> list[JobTarget]:
    """TEXT2DB_ROUTE_JOBS ('job=URL,...'), or every job with a plan in the target database."""
    if config.jobs.strip():
        targets, engines = [], {}
        for pair in config.jobs.split(","):
            job, sep, url = pair.strip().partition("=")
            if not sep or not job or not url:
                raise BadJobList(f"TEXT2DB_ROUTE_JOBS entry {pair!r} is not job=URL")
            targets.append(JobTarget(job, engines.setdefault(url, create_engine(url))))
        return targets
    engine = engine or create_engine(settings.db_url)
    return [JobTarget(job, engine) for job in planned_jobs(engine)]


class RoutingService:
    """Routes batches and keeps the memories fresh; one per router process."""

    def __init__(self, targets: Sequence[JobTarget], config: RouterConfig, tiebreak: TieBreaker | None = None) -> None:
        if not targets:
            raise NoJobsToRoute("no job to route documents to")
        self.config = config
        self.targets = {t.job: t for t in targets}
        self.router = Router([store.ensure_memory(t.engine, t.job, config) for t in targets], config, tiebreak,
                             key_lookup=self.keys_named)
        self.recent: OrderedDict[str, tuple[list[str], str]] = OrderedDict()  # document -> (jobs, lead)
        self._indexed: dict[tuple[str, str, str], IndexedGazetteer | None] = {}  # (job, table, column) -> its lookup
        self._large: list[tuple[Owner, IndexedGazetteer]] = []
        self._find_large_tables()
        self.refreshed = time.monotonic()

    def keys_named(self, text: str) -> list[tuple[str, Owner]]:
        """Keys of the jobs' tables too large for their memories (JobMemory.overflow) that the
        text names, read through text2db's squashed-key index: one query per such table."""
        try:
            return [(key, owner) for owner, lookup in self._large for key in lookup.keys_in(text)]
        except SQLAlchemyError as exc:
            raise MemoryUnavailable(f"could not look up the keys a document names: {exc}") from exc

    def _find_large_tables(self) -> None:
        """The lookups of the memories' overflowing tables; a table found without its index is
        checked again at the next refresh (a planner or integrator may have made it since)."""
        self._large = []
        for job, memory in self.router.memories.items():
            for table, column in memory.overflow.items():
                slot = (job, table, column)
                if self._indexed.get(slot) is None:
                    self._indexed[slot] = _indexed_keys(self.targets[job].engine, table, column)
                if (lookup := self._indexed[slot]) is not None:
                    self._large.append(((job, table), lookup))

    def route(self, documents: Sequence[Document]) -> list[RouteDecision]:
        if time.monotonic() - self.refreshed > self.config.refresh_seconds:
            self.refresh()
        decisions = self.router.route(documents)
        for doc, decision in zip(documents, decisions):
            if decision.routed:
                self.recent[doc.document_id] = ([c.job for c in decision.chosen], lead(doc.text, self.config.lead_chars))
                self.recent.move_to_end(doc.document_id)
        while len(self.recent) > RECENT:
            self.recent.popitem(last=False)
        return decisions

    def refresh(self) -> None:
        """Re-read plans and keys; add the documents each job accepted since the last refresh."""
        for job, target in self.targets.items():
            memory = store.ensure_memory(target.engine, job, self.config)
            old = self.router.memories.get(job)
            if old is not None and old.plan_version == memory.plan_version:
                memory.doc_texts, memory.docs = old.doc_texts, old.docs
            waiting = [d for d, (jobs, _) in self.recent.items() if job in jobs]
            taken = store.accepted(target.engine, job, waiting)
            if taken:
                leads = [self.recent[d][1] for d in waiting if d in taken]
                store.remember_documents(target.engine, memory, leads, embed(leads, self.config.max_tokens),
                                         self.config.documents_per_job)
                for d in taken:
                    jobs = self.recent[d][0]
                    jobs.remove(job)
                    if not jobs:
                        del self.recent[d]
            self.router.memories[job] = memory
        self.router.reindex()
        self._find_large_tables()
        self.refreshed = time.monotonic()


def _indexed_keys(engine: Engine, table: str, column: str) -> IndexedGazetteer | None:
    """A lookup of `table.column`'s keys through text2db's squashed-key index (made by the
    job's integrator or planner), or None without it: the router creates no index, and a
    lookup without one would read the table for every document."""
    try:
        with engine.connect() as conn:
            indexed = index_name(table, column, "sq") in existing_indexes(conn, table)
            key = Table(table, MetaData(), autoload_with=conn).c[column]
    except SQLAlchemyError as exc:
        raise MemoryUnavailable(f"could not read {table} for routing: {exc}") from exc
    if not indexed:
        log.warning("routing knows %s.%s by its first keys only: it has more than the memory keeps and no "
                    "text2db link index to look the others up (`text2db plan` creates it)", table, column)
        return None
    return IndexedGazetteer(engine, select(key), create_index=False)
