"""Operator mistakes raised by libraries, told in one line (issue 13 item 9).

Commands pass the operator's input straight to SQLAlchemy, json, pydantic and the file system;
the errors those raise for a bad URL, a malformed file or a missing path are the operator's to
fix, not bugs, so the CLI prints what went wrong and how to fix it instead of a traceback.
Anything not recognised here is a bug and keeps its traceback."""

from __future__ import annotations

import json
import sys
import traceback

DB_URL_HINT = "use a SQLAlchemy URL: postgresql+psycopg://USER@HOST:PORT/DB or sqlite:///PATH (the supported databases)"


def describe(exc: BaseException) -> str | None:
    """One line for an operator mistake, None for anything else."""
    sa_exc = sys.modules.get("sqlalchemy.exc")
    if sa_exc is not None:
        if isinstance(exc, sa_exc.ArgumentError):
            return f"not a database URL: {exc} ({DB_URL_HINT})"
        if isinstance(exc, sa_exc.NoSuchModuleError):
            return f"unsupported database: {exc} ({DB_URL_HINT})"
        if isinstance(exc, sa_exc.OperationalError):
            return f"the database did not answer: {str(exc.orig).strip().splitlines()[0]} (check the URL and that it runs)"
    if isinstance(exc, ModuleNotFoundError) and _raised_in("sqlalchemy/dialects", exc):
        return f"no driver for this database URL (module {exc.name!r}); {DB_URL_HINT}"
    if isinstance(exc, json.JSONDecodeError):
        return f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text ({exc.reason} at byte {exc.start}); convert the file to UTF-8"
    if isinstance(exc, UnicodeEncodeError) and "surrogate" in exc.reason:
        return "a file name is not valid UTF-8; rename the file"
    pydantic = sys.modules.get("pydantic")
    if pydantic is not None and isinstance(exc, pydantic.ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the top level"
        return f"invalid {exc.title}: {exc.error_count()} error(s), first at {where}: {first['msg']}"
    if isinstance(exc, (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError)):
        return f"{exc.strerror}: {exc.filename}"
    return None


def _raised_in(path_part: str, exc: BaseException) -> bool:
    return any(path_part in frame.filename for frame in traceback.extract_tb(exc.__traceback__))
