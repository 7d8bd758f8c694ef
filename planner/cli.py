"""Subcommands of this area, added to the root `text2db` app by `register`."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this area's commands to the root app."""
