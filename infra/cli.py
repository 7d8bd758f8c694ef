"""`text2db stack up|down|status` and `text2db doctor`."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from text2db.config import get_settings
from text2db.console import output_console

console = output_console()
stack_app = typer.Typer(help="Start, stop and inspect the local stack (Kafka-protocol broker).", no_args_is_help=True)


@stack_app.command()
def up(
    durable: Annotated[bool, typer.Option(help="Store topics and offsets in a local s3rver.")] = False,
    llm: Annotated[bool, typer.Option(help="Also start the local OpenAI-compatible LLM server.")] = False,
) -> None:
    """Start the local broker on a free 127.0.0.1 port (memory storage unless --durable)."""
    from text2db.infra.stack import stack_up

    settings = get_settings()
    state, started = stack_up(settings, durable=durable)
    verb = "started" if started else "already running:"
    console.print(f"{verb} broker {state.bootstrap_servers} ({state.mode}, pid {state.broker_pid})")
    if llm:
        from text2db.infra import llm as local_llm

        local_llm.ensure_model(settings, install=True)
        url = local_llm.start(settings)
        console.print(f"LLM server {url} (model {settings.llm_model}); plan, bench run and consume extract use it "
                      "while TEXT2DB_LLM_BASE_URL is unset")


@stack_app.command()
def down() -> None:
    """Stop the local stack."""
    from text2db.infra.stack import stack_down

    from text2db.infra import llm as local_llm

    settings = get_settings()
    state = stack_down(settings)
    console.print("no broker was running" if state is None else f"stopped broker pid {state.broker_pid} ({state.mode})")
    if local_llm.status(settings).get("running") and local_llm.stop(settings):
        console.print("stopped the local LLM server")


@stack_app.command()
def status() -> None:
    """Show the local stack's state."""
    from text2db.infra.stack import read_state

    state = read_state(get_settings())
    if state is None:
        console.print("no local stack (start it with `text2db stack up`)")
        raise typer.Exit(1)
    up_now = "up" if state.broker_up() else "NOT answering"
    console.print(f"broker {state.bootstrap_servers} {up_now} ({state.mode}, pid {state.broker_pid}, since {state.started_at:%Y-%m-%d %H:%M:%S})")
    if state.s3_port:
        console.print(f"s3 store 127.0.0.1:{state.s3_port} (s3rver pid {state.s3rver_pid}, guard pid {state.s3guard_pid})")


def doctor(
    as_json: Annotated[bool, typer.Option("--json", help="Print the checks as JSON (name, ok, detail, fix).")] = False,
) -> None:
    """Report what is running, where, and what is missing with the fix."""
    import dataclasses
    import json

    from text2db.infra.doctor import run_checks

    checks = run_checks(get_settings())
    if as_json:  # for a monitoring script: the same checks, every field
        typer.echo(json.dumps([dataclasses.asdict(c) for c in checks], indent=2))
    else:
        table = Table("check", "", "detail", "fix")
        for c in checks:
            table.add_row(c.name, "[green]ok[/]" if c.ok else "[red]missing[/]", c.detail, c.fix)
        console.print(table)
    if not all(c.ok for c in checks if c.name in ("kafka", "postgresql")):
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add this area's commands to the root app."""
    app.add_typer(stack_app, name="stack")
    app.command()(doctor)
