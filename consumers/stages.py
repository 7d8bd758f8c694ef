"""The real stages behind the consumers: plans loaded from the target database once per
(job, version), extractors and integrators built once per plan (models load once per process).

A document without a pinned version gets the job's latest plan AT THE TIME IT IS EXTRACTED: the
latest version number is looked up per call (one indexed query), so a running extractor follows
`text2db plan` storing version 2 without a restart (issue 13 item 6)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from sqlalchemy import create_engine, func, inspect, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

from text2db.config import Settings
from text2db.errors import ConfigError
from text2db.planner.store import PlanNotFound, load_plan, plans_table
from text2db.schemas.plan import Plan
from text2db.schemas.stages import ExtractStage, IntegrateStage

S = TypeVar("S")
log = logging.getLogger(__name__)


class PerPlan(Generic[S]):
    """Builds one stage per (job, version) and keeps it; thread-safe for the in-process demo."""

    def __init__(self, engine: Engine, build: Callable[[Plan], S]) -> None:
        self.engine = engine
        self.build = build
        self.cache: dict[tuple[str, int | None], S] = {}
        self.lock = threading.Lock()

    def __call__(self, job: str, version: int | None) -> S:
        resolved = version if version is not None else latest_version(self.engine, job)
        with self.lock:
            if (job, resolved) not in self.cache:
                self.cache[(job, resolved)] = self.build(load_plan(self.engine, job, resolved))
            return self.cache[(job, resolved)]

    def warm(self) -> threading.Thread:
        """Build the stage of every job's latest plan in a background thread and return it.

        A consumer calls this before it joins its group: building the stage and loading its
        models (spaCy: about 2 s, without torch; see extractors.models.import_spacy) then overlaps
        the group join (about 3 s on Tansu) instead of following the first record. A document
        that arrives mid-build waits on the lock for the same stage; a build that fails here is
        logged and tried again, with its real error, when the first document of that job needs it."""

        def build_all() -> None:
            try:
                jobs = stored_jobs(self.engine)
            except Exception:  # noqa: BLE001 - only a head start: the first record reports the cause
                log.warning("warm start: the stored plans could not be read", exc_info=True)
                return
            for job in jobs:
                try:
                    self(job, None)
                except Exception:  # noqa: BLE001 - as above
                    log.warning("warm start: the stage of job %r could not be built now", job, exc_info=True)

        thread = threading.Thread(target=build_all, name="warm-start", daemon=True)
        thread.start()
        return thread


def stored_jobs(engine: Engine) -> list[str]:
    """Jobs with at least one stored plan (none when the plans table does not exist yet)."""
    with engine.connect() as conn:
        if not inspect(conn).has_table(plans_table.name):
            return []
        return sorted(conn.execute(select(plans_table.c.job).distinct()).scalars())


def latest_version(engine: Engine, job: str) -> int:
    """The job's newest stored plan version; PlanNotFound (Terminal) when it has none.

    Driver errors pass through: a database that is away is Transient (text2db.errors) and pauses
    the stage. Only a missing plans table is told apart, because SQLite reports it as an
    OperationalError like an outage."""
    try:
        with engine.connect() as conn:
            latest = conn.execute(select(func.max(plans_table.c.version)).where(plans_table.c.job == job)).scalar()
    except DBAPIError:
        with engine.connect() as conn:
            if inspect(conn).has_table(plans_table.name):
                raise
        latest = None
    if latest is None:
        raise PlanNotFound(f"no plan stored for job {job!r}")
    return int(latest)


def target_engine(settings: Settings) -> Engine:
    if settings.db_url.startswith("sqlite:///"):
        from pathlib import Path

        Path(settings.db_url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    return create_engine(settings.db_url)


def configured_target(settings: Settings) -> Engine:
    """The target database the operator configured (TEXT2DB_DB_URL), for the CLI's consumers and
    publish. The built-in default is the demo's SQLite file: a consumer started without a target
    must refuse, not write there and dead-letter every record under a missing plan."""
    if "db_url" not in settings.model_fields_set:
        raise ConfigError("no target database configured", hint="set TEXT2DB_DB_URL to the database the job writes to")
    if settings.db_url.startswith("sqlite:///"):
        from pathlib import Path

        if not Path(settings.db_url.removeprefix("sqlite:///")).is_file():
            raise ConfigError(f"no SQLite database at {settings.db_url}", hint="check TEXT2DB_DB_URL")
    return create_engine(settings.db_url)


def extractor_for(settings: Settings, engine: Engine | None = None) -> PerPlan[ExtractStage]:
    """(job, plan_version) -> the real extractor (text2db.extractors.pipeline.build_extractor)."""
    from text2db.extractors import models
    from text2db.extractors.pipeline import build_extractor

    engine = engine or target_engine(settings)

    def build(plan: Plan) -> ExtractStage:
        extractor = build_extractor(plan, settings, engine, keep_student=True)
        models.load()  # with the stage, so that a warm start loads them during the group join
        return extractor

    return PerPlan(engine, build)


def integrator_for(settings: Settings, engine: Engine | None = None) -> PerPlan[IntegrateStage]:
    """(job, plan_version) -> the real integrator (text2db.integrators.pipeline.build_integrator)."""
    from text2db.integrators.pipeline import build_integrator

    engine = engine or target_engine(settings)
    return PerPlan(engine, lambda plan: build_integrator(engine, plan, settings))
