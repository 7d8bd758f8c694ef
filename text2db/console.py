"""Consoles for command output that stays readable when piped or logged.

rich sizes a console to the terminal; with no terminal (a pipe, a log file, CI) it falls back to
80 columns and wraps or cuts every wide table. A console here keeps the terminal's width, or the
COLUMNS the caller set, and otherwise uses a width no table of ours exceeds.
"""

from __future__ import annotations

import os

from rich.console import Console

PIPED_WIDTH = 200  # columns when no terminal says: wider than any table the commands print


def output_console(stderr: bool = False, min_width: int = 0) -> Console:
    """A console for a command's output; `min_width` keeps a wide table on one line even in a narrow terminal."""
    console = Console(stderr=stderr)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(stderr=stderr, width=PIPED_WIDTH)
    if console.width < min_width:
        console = Console(stderr=stderr, width=min_width)
    return console


def say(message: str) -> None:
    """A line for the operator on stderr (what was started, what runs without the LLM): stdout
    stays the command's output, which `--json` keeps machine-readable."""
    import typer

    typer.echo(message, err=True)
