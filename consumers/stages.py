"""The real stages behind the consumers: plans loaded from the target database once per
(job, version), extractors and integrators built once per plan (models load once per process)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import create_engine
from sqlalchemy.engine import Engine

from text2db.config import Settings
from text2db.planner.store import load_plan
from text2db.schemas.plan import Plan
from text2db.schemas.stages import ExtractStage, IntegrateStage

S = TypeVar("S")


class _PerPlan:
    """Builds one stage per (job, version) and keeps it; thread-safe for the in-process demo."""

    def __init__(self, engine: Engine, build: Callable[[Plan], S]) -> None:
        self.engine = engine
        self.build = build
        self.cache: dict[tuple[str, int | None], S] = {}
        self.lock = threading.Lock()

    def __call__(self, job: str, version: int | None) -> S:
        with self.lock:
            if (job, version) not in self.cache:
                self.cache[(job, version)] = self.build(load_plan(self.engine, job, version))
            return self.cache[(job, version)]


def target_engine(settings: Settings) -> Engine:
    if settings.db_url.startswith("sqlite:///"):
        from pathlib import Path

        Path(settings.db_url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    return create_engine(settings.db_url)


def extractor_for(settings: Settings, engine: Engine | None = None) -> Callable[[str, int | None], ExtractStage]:
    """(job, plan_version) -> the real extractor (text2db.extractors.pipeline.build_extractor)."""
    from text2db.extractors.pipeline import build_extractor

    engine = engine or target_engine(settings)
    return _PerPlan(engine, lambda plan: build_extractor(plan, settings, engine))


def integrator_for(settings: Settings, engine: Engine | None = None) -> Callable[[str, int], IntegrateStage]:
    """(job, plan_version) -> the real integrator (text2db.integrators.pipeline.build_integrator)."""
    from text2db.integrators.pipeline import build_integrator

    engine = engine or target_engine(settings)
    return _PerPlan(engine, lambda plan: build_integrator(engine, plan, settings))
