"""`text2db schema design`: requirement in, schema out (printed, DDL, JSON), optionally created."""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from text2db.console import output_console, say
from text2db.schemas.design import SchemaDesign

console = output_console()
schema = typer.Typer(help="Design a database schema from a plain-language requirement (Text2Schema).",
                     no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add `text2db schema ...` to the root app."""
    app.add_typer(schema, name="schema")


def read_requirement(value: str) -> str:
    """The requirement text: the file's content when `value` names a file, else `value` itself.
    A file is UTF-8 (a byte-order mark, UTF-8's or UTF-16's, says otherwise); one that is not is
    refused (UnicodeDecodeError, told in one line by the CLI): read with replacement characters
    it was designed from garbled words. A value that can only be a path (one token with a slash
    or a file suffix: no requirement is written so) but names no file is refused too: designed
    as text, it failed with "names no entity"."""
    path = Path(value)
    try:
        is_file = len(value) < 4096 and path.is_file()
    except OSError:
        is_file = False
    if is_file:
        raw = path.read_bytes()
        return raw.decode("utf-16" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8-sig")
    if value.strip() and not any(c.isspace() for c in value.strip()) and ("/" in value or path.suffix):
        raise FileNotFoundError(errno.ENOENT, "no requirement file", value)
    return value


@schema.command("design")
def design_command(
    requirement: str = typer.Option(..., "--requirement", "-r", help="The requirement text, or a file holding it."),
    documents: Optional[Path] = typer.Option(None, "--documents", help="Sample documents (a file or folder) the "
                                             "database will be filled from; shown to the LLM designer."),
    db: Optional[str] = typer.Option(None, "--db", help="Target database URL (default: TEXT2DB_DB_URL)."),
    apply: bool = typer.Option(False, "--apply", help="Create the schema in --db, in one transaction."),
    allow_existing: bool = typer.Option(False, "--allow-existing", help="With --apply: add missing columns to "
                                        "existing tables of the design instead of refusing."),
    llm: Optional[bool] = typer.Option(None, "--llm/--no-llm", help="Design with the LLM: the configured "
                                       "endpoint, else the local server, started when installed (default: the LLM when there "
                                       "is one; --llm: fail without one); the rules are the fallback."),
    as_json: bool = typer.Option(False, "--json", help="Print the design (and the apply result) as JSON."),
    out: Optional[Path] = typer.Option(None, "--out", help="Also write the design JSON to this file."),
) -> None:
    """Design a normalized schema for REQUIREMENT; print it as a table and DDL; --apply creates it."""
    from text2db.config import get_settings
    from text2db.designer.api import design_schema, designer_settings
    from text2db.designer.apply import apply_design
    from text2db.designer.ddl import ddl_script

    settings = get_settings()
    docs = None
    if documents is not None:
        from text2db.planner.cli import read_documents

        docs = read_documents(documents)
    text = read_requirement(requirement)
    asked = designer_settings(settings, llm, say)
    design = design_schema(text, asked or settings, llm=None if asked else False, documents=docs)
    url = db or settings.db_url
    if out is not None:
        out.write_text(design.to_json())
    applied = apply_design(url, design, allow_existing=allow_existing) if apply else None
    if as_json:
        body = json.loads(design.to_json()) | {"fingerprint": design.fingerprint}
        if applied is not None:
            body["applied"] = applied.as_dict()
        typer.echo(json.dumps(body, indent=2))
        return
    print_design(design)
    console.print(ddl_script(design, "postgresql" if url.startswith("postgres") else "sqlite"), highlight=False)
    for note in design.notes:
        console.print(f"note: {note}", highlight=False)
    if applied is not None:
        console.print(f"applied to {url}: created {applied.created or 'nothing'}, unchanged {applied.unchanged or 'none'}"
                      + (f", columns added {applied.columns_added}" if applied.columns_added else ""), highlight=False)


def print_design(design: SchemaDesign) -> None:
    view = Table(title=f"schema design by {design.designer} ({design.fingerprint})")
    for name in ("table", "column", "type", "key", "constraints"):
        view.add_column(name)
    for t in design.tables:
        refs = {c: f"-> {fk.ref_table}.{r}" for fk in t.foreign_keys for c, r in zip(fk.columns, fk.ref_columns)}
        for i, c in enumerate(t.columns):
            key = " ".join(x for x in ("PK" if c.name in t.primary_key else "", refs.get(c.name, "")) if x)
            flags = " ".join(x for x in ("NOT NULL" if not c.nullable else "", "UNIQUE" if c.unique else "") if x)
            view.add_row(t.name if i == 0 else "", c.name, c.type, key, flags)
    console.print(view)
