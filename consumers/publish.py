"""Documents in: files, folders and JSONL become DocumentEvents on `<prefix>.documents`.

Document ids are derived from the text and its source (schemas.events.document_id_for), so
publishing the same file twice sends the same id and the database ends up the same."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO

from pydantic import ValidationError
from sqlalchemy.engine import Engine

from text2db.config import Settings
from text2db.consumers.exceptions import BadInput, NothingToPublish
from text2db.consumers.extractor import await_delivery
from text2db.consumers.kafka import ensure_topics, make_producer
from text2db.planner.store import PlanNotFound
from text2db.schemas.events import DocumentEvent, document_id_for, dump

TEXT_SUFFIXES = {".txt", ".md", ".text"}
JSON_SUFFIXES = {".json", ".jsonl", ".ndjson"}


def document_from(payload: dict, job: str, plan_version: int | None, origin: str) -> DocumentEvent:
    """A JSON object ({"text": ..., optional "document_id", "source", "job"}) -> DocumentEvent."""
    if not isinstance(payload, dict) or not isinstance(payload.get("text"), str):
        raise BadInput(f"{origin}: expected an object with a string 'text'")
    source = payload.get("source") or {}
    try:
        return DocumentEvent(
            job=payload.get("job") or job,
            document_id=payload.get("document_id") or document_id_for(payload["text"], json.dumps(source, sort_keys=True)),
            text=payload["text"],
            plan_version=payload.get("plan_version", plan_version),
            source=source,
        )
    except ValidationError as exc:
        raise BadInput(f"{origin}: {exc.errors()[0]['msg']}") from None


def documents_from_jsonl(lines: Iterable[str], job: str, plan_version: int | None, origin: str) -> Iterator[DocumentEvent]:
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            payload = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BadInput(f"{origin} line {number}: not JSON ({exc.msg})") from None
        yield document_from(payload, job, plan_version, f"{origin} line {number}")


def documents_from_file(path: Path, job: str, plan_version: int | None) -> Iterator[DocumentEvent]:
    try:
        content = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{path}: not UTF-8 text") from None
    if path.suffix in {".jsonl", ".ndjson"}:
        yield from documents_from_jsonl(content.splitlines(), job, plan_version, str(path))
    elif path.suffix == ".json":
        try:
            payload = json.loads(content)
        except json.JSONDecodeError as exc:
            raise BadInput(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
        for i, item in enumerate(payload if isinstance(payload, list) else [payload]):
            yield document_from(item, job, plan_version, f"{path}[{i}]")
    else:
        source = {"path": _utf8_name(path)}
        yield DocumentEvent(
            job=job,
            document_id=document_id_for(content, json.dumps(source, sort_keys=True)),
            text=content,
            plan_version=plan_version,
            source=source,
        )


def _utf8_name(path: Path) -> str:
    """The file's name; a name that is not UTF-8 cannot travel in a JSON record."""
    try:
        path.name.encode("utf-8")
    except UnicodeEncodeError:
        raise BadInput(f"{path.name.encode('utf-8', 'surrogateescape')!r}: the file name is not UTF-8",
                       hint="rename the file") from None
    return path.name


def collect_documents(
    paths: list[str], job: str, plan_version: int | None, stdin: IO[str] | None = None
) -> list[DocumentEvent]:
    """Every document under `paths` ("-" reads JSONL from stdin), folders recursively, sorted."""
    documents: list[DocumentEvent] = []
    for given in paths:
        if given == "-":
            documents += documents_from_jsonl(stdin or [], job, plan_version, "stdin")
            continue
        path = Path(given)
        if not path.exists():
            raise BadInput(f"{given}: no such file or folder", hint="check the path")
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            if file.suffix in TEXT_SUFFIXES | JSON_SUFFIXES or not path.is_dir():
                documents += documents_from_file(file, job, plan_version)
    if not documents:
        raise NothingToPublish(f"no documents in {', '.join(paths)}")
    return documents


def check_documents(documents: Iterable[DocumentEvent], max_document_bytes: int) -> None:
    """Refuse at once what can never be a document, instead of sending it to the dead-letter topic."""
    for document in documents:
        where = json.dumps(document.source, ensure_ascii=True) if document.source else document.document_id
        size = len(document.text.encode("utf-8", "surrogatepass"))
        if not document.text.strip():
            raise BadInput(f"{where}: empty document", hint="remove empty files from what you publish")
        if "\x00" in document.text:
            raise BadInput(f"{where}: contains NUL bytes (binary, not text)", hint="publish text files only")
        if size > max_document_bytes:
            raise BadInput(f"{where}: {size} bytes > max_document_bytes={max_document_bytes}",
                           hint="split the document or raise TEXT2DB_MAX_DOCUMENT_BYTES")


def check_plans(engine: Engine, documents: Iterable[DocumentEvent]) -> None:
    """Every (job, pinned version) the documents name has a stored plan; PlanNotFound otherwise."""
    from text2db.consumers.stages import latest_version

    for job, version in sorted({(d.job, d.plan_version or 0) for d in documents}):
        latest = latest_version(engine, job)
        if version > latest:
            raise PlanNotFound(f"job {job!r} has no plan version {version} (latest is {latest})")


def publish(
    settings: Settings, documents: Iterable[DocumentEvent], on_sent: Callable[[int], None] | None = None,
    topic: str | None = None,
) -> int:
    """Produce the documents keyed by id with acks=all (to `topic`: default <prefix>.documents,
    <prefix>.inbox for the router); returns how many were acknowledged."""
    ensure_topics(settings)
    producer = make_producer(settings)
    topic = topic or settings.topics["documents"]
    try:
        deliveries = []
        for document in documents:
            deliveries.append(producer.send(topic, key=document.document_id.encode(), value=dump(document)))
            if on_sent is not None:
                on_sent(1)
        await_delivery(producer, deliveries)
    finally:
        producer.close()
    return len(deliveries)
