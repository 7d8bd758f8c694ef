"""`text2db demo` on the real stages, against PostgreSQL: the sample loads, the job runs
through Kafka, and running it again changes nothing."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from sqlalchemy import create_engine

from text2db.consumers.demo import load_sample_database, run_demo, snapshot


def test_sample_database_loads_once(db_url: str) -> None:
    engine = create_engine(db_url)
    assert load_sample_database(engine) is True
    assert load_sample_database(engine) is False
    tables = snapshot(engine)
    assert len(tables["films"]) == 5 and len(tables["directors"]) == 4
    assert any(row["year"] is None for row in tables["films"].values())  # cells left to fill
    engine.dispose()


@pytest.mark.slow
def test_demo_twice_changes_nothing_the_second_time(kafka_settings, pg_url: str) -> None:
    settings = kafka_settings.model_copy(update={"db_url": pg_url})
    out = io.StringIO()
    run_demo(settings, Console(file=out, width=200), llm=False)
    engine = create_engine(pg_url)
    after_first = snapshot(engine)
    assert "What changed" in out.getvalue()
    second = io.StringIO()
    run_demo(settings, Console(file=second, width=200), llm=False)
    assert snapshot(engine) == after_first
    lines = [line for line in second.getvalue().splitlines() if line.startswith(("│ films", "│ directors"))]
    counts = [[cell.strip() for cell in line.split("│")[2:5]] for line in lines]
    assert counts == [["0", "0", "0"], ["0", "0", "0"]], second.getvalue()
    engine.dispose()
