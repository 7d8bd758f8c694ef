"""Subcommands of this area, added to the root `text2db` app by `register`:
`text2db lineage` (where a value came from) and `text2db review list|accept|reject`."""

from __future__ import annotations

import typer

review_app = typer.Typer(help="Values held back for a person to decide: conflicts, low confidence, unparseable.",
                         no_args_is_help=True)
DB_OPTION = typer.Option(..., "--db", help="Target database (SQLAlchemy URL).")


def _engine(url: str):  # type: ignore[no-untyped-def]
    """The target database; a SQLite file that does not exist is a typo, not a new database to create."""
    from pathlib import Path

    from sqlalchemy import create_engine

    from text2db.errors import ConfigError

    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).is_file():
        raise ConfigError(f"no SQLite database at {url}", hint="check the --db path")
    return create_engine(url)


def lineage_command(
    db: str = DB_OPTION,
    table: str = typer.Option(..., "--table", help="Target table."),
    key: str = typer.Option(..., "--key", help="The row's natural key value, e.g. the name."),
    column: str | None = typer.Option(None, "--column", help="Only this column."),
) -> None:
    """Show where the values of a row (or one cell) came from: document, evidence, tool, confidence."""
    from text2db.integrators import lineage
    from text2db.integrators.pipeline import database_errors

    with database_errors(), _engine(db).begin() as conn:
        rows = lineage.lookup(conn, table, key, column)
    if not rows:
        typer.echo(f"no lineage recorded for {table} {key!r}" + (f" column {column}" if column else ""))
        raise typer.Exit(1)
    for r in rows:  # one line per cell: long quotes stay readable and greppable
        span = f" [{r['evidence_start']}:{r['evidence_end']}] {r['evidence_quote']!r}" if r["evidence_quote"] else ""
        confidence = f" confidence {r['confidence']:.2f}" if r["confidence"] is not None else ""
        model = f" ({r['model']})" if r["model"] else ""
        typer.echo(f"{r['column_name']} = {r['value']!r}  from {r['document_id']}{span}  by {r['tool']}{model}{confidence}"
                   f"  job {r['job']} plan v{r['plan_version']} at {str(r['recorded_at'])[:19]}")
    from text2db.routing import ledger  # issue 16: how each of these documents was routed, when it was

    with database_errors(), _engine(db).begin() as conn:
        for document_id in dict.fromkeys(r["document_id"] for r in rows):
            for decision in ledger.lookup(conn, document_id):
                typer.echo(ledger.describe(decision))


@review_app.command("list")
def review_list(
    db: str = DB_OPTION,
    status: str = typer.Option("pending", help="pending, accepted, rejected or all."),
    limit: int = typer.Option(100, help="At most this many items."),
) -> None:
    """List review items."""
    from text2db.integrators import review
    from text2db.integrators.pipeline import database_errors

    with database_errors(), _engine(db).begin() as conn:
        items = review.list_items(conn, None if status == "all" else status, limit)  # type: ignore[arg-type]
    for i in items:
        current = f" (row holds {i['current_value']!r})" if i["current_value"] is not None else ""
        typer.echo(f"#{i['id']} {i['kind']} [{i['status']}] {i['table_name']} {i['row_key']!r} {i['column_name']}: "
                   f"{i['value_json']}{current} - {i['reason']}")
    typer.echo(f"{len(items)} item(s)")


@review_app.command("accept")
def review_accept(item_id: int = typer.Argument(..., metavar="ID"), db: str = DB_OPTION) -> None:
    """Apply the item's value to the target table (through the upsert path) and mark it accepted."""
    from text2db.integrators import review
    from text2db.integrators.pipeline import database_errors

    with database_errors(), _engine(db).begin() as conn:
        done = review.accept(conn, item_id)
    typer.echo(f"accepted {item_id}: {done}")


@review_app.command("reject")
def review_reject(item_id: int = typer.Argument(..., metavar="ID"), db: str = DB_OPTION) -> None:
    """Mark the item rejected; the target table is not changed."""
    from text2db.integrators import review
    from text2db.integrators.pipeline import database_errors

    with database_errors(), _engine(db).begin() as conn:
        review.pending_item(conn, item_id)
        review.decide(conn, item_id, "rejected")
    typer.echo(f"rejected {item_id}")


def register(app: typer.Typer) -> None:
    """Add this area's commands to the root app."""
    app.command("lineage")(lineage_command)
    app.add_typer(review_app, name="review")
