"""Subcommands of the extractor area: `text2db tools`, `text2db extract`, `text2db train`."""

from __future__ import annotations

from pathlib import Path

import typer

from text2db.errors import ConfigError


def tools() -> None:
    """List the registered extraction tools (name, kinds covered, model)."""
    from rich.table import Table

    from text2db.console import output_console
    from text2db.extractors import registry

    table = Table("covers", "model")
    table.add_column("tool", no_wrap=True, min_width=max(len(t.name) for t in registry.tools()))
    table.columns.insert(0, table.columns.pop())
    for t in registry.tools():
        table.add_row(t.name, ", ".join(t.covers), t.model or "(configured)")
    output_console().print(table)


def extract(
    plan: Path = typer.Option(..., "--plan", help="A plan JSON file (text2db.plan.v1)."),
    files: list[Path] = typer.Argument(..., help="Text files, one document each."),
    llm_url: str | None = typer.Option(None, "--llm-url", help="OpenAI-compatible endpoint; default TEXT2DB_LLM_BASE_URL."),
) -> None:
    """Extract candidate rows from text files with a plan; prints one ExtractionEvent JSON per line."""
    from text2db.config import get_settings
    from text2db.extractors.pipeline import build_extractor
    from text2db.schemas.events import DocumentEvent, document_id_for
    from text2db.schemas.plan import Plan

    if not plan.is_file():
        raise ConfigError(f"plan file {plan} not found", hint="write one with `text2db plan` or by hand")
    the_plan = Plan.model_validate_json(plan.read_text())
    settings = get_settings()
    if llm_url:
        settings = settings.model_copy(update={"llm_base_url": llm_url})
    extractor = build_extractor(the_plan, settings)
    for path in files:
        text = path.read_text(encoding="utf-8")
        doc = DocumentEvent(job=the_plan.job, document_id=document_id_for(text, str(path)), text=text, source={"path": str(path)})
        typer.echo(extractor.extract(doc).model_dump_json(by_alias=True))


def train(
    plan: Path = typer.Option(..., "--plan", help="Plan JSON whose columns the span model learns."),
    documents: Path = typer.Option(..., "--documents", help="Folder of .txt documents to label and learn from."),
    db_url: str | None = typer.Option(None, "--db-url", help="Target database for distant supervision (default TEXT2DB_DB_URL)."),
    epochs: int = typer.Option(6, help="Fine-tuning epochs."),
    llm_url: str | None = typer.Option(None, "--llm-url", help="LLM endpoint for distillation labels."),
) -> None:
    """Fine-tune the MiniLM span extractor on LLM and database labels; register it if it clears the threshold."""
    from text2db.config import get_settings
    from text2db.extractors import train as training

    settings = get_settings()
    if llm_url:
        settings = settings.model_copy(update={"llm_base_url": llm_url})
    report = training.run(plan, documents, settings, db_url=db_url, epochs=epochs)
    typer.echo(report.model_dump_json(indent=2))


def register(app: typer.Typer) -> None:
    """Add this area's commands to the root app."""
    app.command("tools")(tools)
    app.command("extract")(extract)
    app.command("train")(train)
