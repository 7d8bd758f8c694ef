"""`text2db plan`: prints the observation and the plan, stores it (or not, with --dry-run)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from text2db.planner.cli import register
from text2db.planner.exceptions import PlanRejected
from text2db.planner.store import PlanNotFound, load_plan

from .conftest import build_movies


@pytest.fixture
def app() -> typer.Typer:
    root = typer.Typer()

    @root.callback()
    def _root() -> None:
        """test root"""

    register(root)
    return root


@pytest.fixture
def movies_url(sqlite_url: str) -> str:
    engine = create_engine(sqlite_url)
    build_movies(engine)
    engine.dispose()
    return sqlite_url


def test_plan_is_printed_and_stored(app: typer.Typer, movies_url: str) -> None:
    args = ["plan", "--db", movies_url, "--job", "films-job", "--no-llm", "-i",
            "Add the films described, with their director and genre."]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "observed database (sqlite)" in result.output and "director_id" in result.output
    assert "simulation: passed" in result.output and "stored plan 'films-job' version 1" in result.output
    engine = create_engine(movies_url)
    stored = load_plan(engine, "films-job")
    assert [t.table for t in stored.tables] == ["directors", "films"] and stored.planner == "rules.v1"
    assert CliRunner().invoke(app, args).exit_code == 0
    assert load_plan(engine, "films-job").version == 2
    engine.dispose()


def test_dry_run_stores_nothing_and_prints_json(app: typer.Typer, movies_url: str) -> None:
    result = CliRunner().invoke(app, ["plan", "--db", movies_url, "--job", "dry", "--no-llm", "--dry-run", "--json",
                                      "-i", "fill in the missing genre of the films"])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)  # JSON only, nothing else on stdout: a script reads it
    assert printed["plan"]["schema"] == "text2db.plan.v1" and printed["stored"] is False
    assert printed["analysis"]["simulation"]["status"] and "checks" in printed["analysis"]
    engine = create_engine(movies_url)
    with pytest.raises(PlanNotFound):
        load_plan(engine, "dry")
    engine.dispose()


def test_rejected_plan_prints_report_and_a_revision_fixes_it(app: typer.Typer, sqlite_url: str) -> None:
    engine = create_engine(sqlite_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE staff (id INTEGER PRIMARY KEY, name VARCHAR(80) NOT NULL UNIQUE, "
                          "team VARCHAR(40) NOT NULL, city VARCHAR(40))"))
    engine.dispose()
    args = ["plan", "--db", sqlite_url, "--no-llm", "-i", "add the staff, with their city"]
    rejected = CliRunner().invoke(app, [*args, "--revisions", "0"])
    assert isinstance(rejected.exception, PlanRejected)
    assert "not_null_uncovered" in rejected.output
    revised = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert revised.exit_code == 0, revised.output
    assert "revisions: 1" in revised.output and "planned staff.team" in revised.output


def test_console_script_end_to_end(movies_url: str, tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "text2db"
    proc = subprocess.run([str(script), "plan", "--db", movies_url, "--job", "e2e", "--no-llm", "-i",
                           "please infill the empty cells of the actors table"], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    engine = create_engine(movies_url)
    assert load_plan(engine, "e2e").tables[0].table == "actors"
    engine.dispose()
    bad = subprocess.run([str(script), "plan", "--db", movies_url, "--no-llm", "-i", "fill in the shoe size of actors"],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert bad.returncode == 2 and "error:" in bad.stderr and "Traceback" not in bad.stderr


def test_tables_are_not_cut_at_80_columns_when_piped(app: typer.Typer, movies_url: str) -> None:
    """CliRunner is no terminal: the plan's table must keep its rows whole, as in a log or a pipe."""
    result = CliRunner().invoke(app, ["plan", "--db", movies_url, "--no-llm", "--dry-run",
                                      "-i", "fill in the missing genre of the films"], env={"COLUMNS": None})
    assert result.exit_code == 0, result.output
    assert any("films" in line and "data_infilling" in line for line in result.output.splitlines())
    assert max(len(line) for line in result.output.splitlines()) > 80
