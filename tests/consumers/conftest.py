"""Helpers for the consumer tests: the fake stages wired to a fresh PostgreSQL database."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import Engine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/fakes.py

from fakes import PgRowIntegrator  # noqa: E402



@pytest.fixture
def pg_engine(pg_url: str) -> Iterator[Engine]:
    engine = create_engine(pg_url)
    yield engine
    engine.dispose()


@pytest.fixture
def fake_integrator(pg_engine: Engine) -> PgRowIntegrator:
    return PgRowIntegrator(pg_engine)
