"""Subcommands of this area, added to the root `text2db` app by `register`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from text2db.console import output_console, say
from text2db.planner.report import AnalysisReport
from text2db.schemas.observation import Observation
from text2db.schemas.plan import Plan

console = output_console()


def register(app: typer.Typer) -> None:
    """Add this area's commands to the root app."""
    app.command("plan")(plan_command)


def plan_command(
    instruction: str = typer.Option(..., "--instruction", "-i", help="What to extract, in plain language."),
    job: str = typer.Option("default", "--job", "-j", help="The job the plan is stored for."),
    db: Optional[str] = typer.Option(None, "--db", help="Target database URL (default: TEXT2DB_DB_URL)."),
    llm: Optional[bool] = typer.Option(None, "--llm/--no-llm", help="Plan with the LLM (default: the configured "
                                       "one, else the local one when `make llm` installed it)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the plan, do not store it."),
    as_json: bool = typer.Option(False, "--json", help="Print only JSON: the plan, the analysis and whether it was stored."),
    revisions: int = typer.Option(2, "--revisions", min=0, max=5, help="Times the analyzer may send a plan back."),
    documents: Optional[Path] = typer.Option(None, "--documents", help="A document file, or a folder of them (.txt/.md), "
                                             "that the job will read: they choose the table and task when the "
                                             "instruction does not say."),
) -> None:
    """Observe the database, plan the instruction, analyze the plan and store it for JOB."""
    from sqlalchemy import create_engine

    from text2db.config import get_settings
    from text2db.infra import llm as local_llm
    from text2db.planner.api import make_plan
    from text2db.planner.exceptions import PlanRejected
    from text2db.planner.store import save_plan

    settings = get_settings()
    engine = create_engine(db or settings.db_url)
    try:
        try:
            result = make_plan(engine, instruction, job, settings, llm=llm, max_revisions=revisions,
                               documents=read_documents(documents) if documents is not None else None,
                               connect=lambda: local_llm.endpoint(settings, llm, say, alone="the rules plan alone"))
        except PlanRejected as exc:
            if isinstance(exc.report, AnalysisReport):
                print_report(exc.report)
            raise
        plan = result.plan if dry_run else save_plan(engine, result.plan)
        if as_json:  # one JSON document on stdout, for scripts: the plan, what the analyzer found, whether it was stored
            typer.echo(json.dumps({"plan": json.loads(plan.to_json()), "analysis": result.report.model_dump(mode="json"),
                                   "stored": not dry_run}, indent=2))
            return
        print_observation(result.observation)
        print_plan(plan)
        print_report(result.report)
        console.print("dry run: plan not stored" if dry_run else f"stored plan {plan.job!r} version {plan.version}")
    finally:
        engine.dispose()


DOCUMENT_SEPARATOR = "\n" * 7  # TEXT2DB joins the documents of a file with 7 newlines


def read_documents(path: Path) -> list[str]:
    """The texts of a file (split on 7 newlines, as TEXT2DB joins them) or of a folder's files."""
    if not path.exists():
        raise typer.BadParameter(f"{path} does not exist", param_hint="--documents")
    files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix in (".txt", ".md", "")) if path.is_dir() else [path]
    texts: list[str] = []
    for f in files:
        texts += [t for t in f.read_text(encoding="utf-8", errors="replace").split(DOCUMENT_SEPARATOR) if t.strip()]
    return texts


def print_observation(observation: Observation) -> None:
    view = Table(title=f"observed database ({observation.dialect})", show_lines=False)
    for name in ("table", "column", "type", "key", "nulls", "format", "tool", "examples"):
        view.add_column(name)
    for t in observation.tables:
        rows = f"{t.row_count}{'+' if t.row_count_capped else ''} rows"
        for i, c in enumerate(t.columns):
            key = "pk" if c.primary_key else ("natural" if c.name in (t.natural_key or []) else "")
            if c.references:
                key = f"-> {c.references.ref_table}"
            fmt = c.format.kind + (f" {c.format.pattern}" if c.format.pattern else "")
            nulls = "" if c.null_ratio is None else f"{c.null_ratio:.0%}"
            view.add_row(f"{t.name} ({rows})" if i == 0 else "", c.name, c.sql_type, key, nulls, fmt,
                         c.recommended_tool, ", ".join(c.demonstrations)[:60])
    console.print(view)


def print_plan(plan: Plan) -> None:
    view = Table(title=f"plan for job {plan.job!r} by {plan.planner} ({plan.conflict_policy})")
    for name in ("table", "task", "column", "tool", "type/format", "question", "link / new"):
        view.add_column(name)
    for t in plan.tables:
        for i, c in enumerate(t.columns):
            fmt = c.value_type + ("" if c.format.kind in ("text", c.value_type) else f" as {c.format.kind}")
            fmt += f" {c.format.pattern}" if c.format.pattern else ""
            extra = f"-> {c.link.table}.{c.link.match_on} ({c.link.on_missing})" if c.link else ""
            extra = f"new {c.new.sql_type}" if c.new else extra
            view.add_row(t.table if i == 0 else "", t.operation if i == 0 else "", c.name, c.tool, fmt, c.question, extra)
    console.print(view)


def print_report(report: AnalysisReport) -> None:
    sim = report.simulation
    console.print(f"checks: {', '.join(report.checks)}")
    console.print(f"simulation: {sim.status}" + (f" ({sim.cells_matched}/{sim.cells_checked} held-out cells "
                  f"reproduced)" if sim.cells_checked else "") + (f" - {sim.reason}" if sim.reason else ""),
                  highlight=False)
    for issue in report.issues:
        colour = {"error": "red", "mismatch": "yellow", "warning": "cyan"}[issue.severity]
        console.print(f"[{colour}]{issue.severity}[/] {issue.code}: {issue.message}", highlight=False)
    for note in report.notes:
        console.print(f"note: {note}", highlight=False)
    if report.planners_tried:
        console.print(f"planners: {', '.join(report.planners_tried)}; revisions: {report.revisions}")
