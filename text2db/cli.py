"""The `text2db` console script: one root command, each area registers its own subcommands.

User mistakes and unavailable services end in one red line with the fix (exit 2), never a
traceback, including the ones libraries raise for the operator's input (text2db/cli_errors.py);
set TEXT2DB_DEBUG=1 to see the traceback. A command's `typer.Exit(code)` is the process's exit
code (non-standalone click returns it instead of exiting).
"""

from __future__ import annotations

import os
import sys

import typer
from rich.console import Console

from text2db.cli_errors import describe
from text2db.errors import Text2DbError

app = typer.Typer(
    name="text2db",
    help="Turn a stream of documents into rows of your database, following a plain-language instruction.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err_console = Console(stderr=True, soft_wrap=True)


@app.callback()
def _root() -> None:
    """text2db: documents in, validated rows out."""


@app.command()
def version() -> None:
    """Print text2db's version."""
    from text2db import __version__

    typer.echo(__version__)


def _register_all() -> None:
    # Imported here, not at module top, so `text2db --help` stays fast and one area's
    # optional dependency cannot break the others' commands.
    from text2db.consumers.cli import register as consumers
    from text2db.designer.cli import register as designer
    from text2db.extractors.cli import register as extractors
    from text2db.infra.cli import register as infra
    from text2db.integrators.cli import register as integrators
    from text2db.planner.cli import register as planner
    from text2db.quality.cli import register as quality
    from text2db.routing.cli import register as routing

    for register in (infra, consumers, planner, designer, extractors, integrators, quality, routing):
        register(app)


def main() -> None:
    _register_all()
    try:
        code = app(standalone_mode=False)
    except Text2DbError as exc:
        if os.environ.get("TEXT2DB_DEBUG"):
            raise
        err_console.print(f"[bold red]error:[/] {exc}", highlight=False)
        sys.exit(2)
    except (typer.Abort, KeyboardInterrupt):
        err_console.print("aborted")
        sys.exit(130)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except Exception as exc:
        # Usage errors (typer's bundled click) arrive here in non-standalone mode.
        if hasattr(exc, "show") and isinstance(getattr(exc, "exit_code", None), int):
            exc.show()
            sys.exit(exc.exit_code)
        line = describe(exc)
        if line is None or os.environ.get("TEXT2DB_DEBUG"):
            raise
        err_console.print(f"[bold red]error:[/] {line}", highlight=False)
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
