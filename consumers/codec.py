"""Bytes from Kafka -> a validated record, or InvalidMessage saying exactly why not.

The order of the checks matters for the reason an operator sees: size first (never parse 20 MB
of poison), then UTF-8, JSON, the schema version, and last the record's fields."""

from __future__ import annotations

import json
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from text2db.errors import InvalidMessage
from text2db.schemas.events import DOCUMENT_V1, EXTRACTION_V1, DocumentEvent, ExtractionEvent

R = TypeVar("R", bound=BaseModel)

# Reasons are stable words first (`dlq list --reason oversized`), details after the colon.
OVERSIZED = "oversized"
NOT_UTF8 = "not_utf8"
MALFORMED_JSON = "malformed_json"
UNKNOWN_SCHEMA = "unknown_schema"
INVALID_RECORD = "invalid_record"


def _invalid(kind: str, detail: str) -> InvalidMessage:
    return InvalidMessage(f"{kind}: {detail}", reason=kind)


def _decode(raw: bytes | None, model: type[R], schema: str, max_bytes: int) -> R:
    if raw is None:
        raise _invalid(MALFORMED_JSON, "empty record (tombstone)")
    if len(raw) > max_bytes:
        raise _invalid(OVERSIZED, f"{len(raw)} bytes > max_document_bytes={max_bytes}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _invalid(NOT_UTF8, f"byte {exc.start}: {exc.reason}") from None
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _invalid(MALFORMED_JSON, f"{exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:  # b'{"a":' * 5000: valid-looking JSON nested past the parser's stack
        raise _invalid(MALFORMED_JSON, "nested too deeply to parse") from None
    if not isinstance(payload, dict):
        raise _invalid(MALFORMED_JSON, f"expected a JSON object, got {type(payload).__name__}")
    if payload.get("schema") != schema:
        raise _invalid(UNKNOWN_SCHEMA, f"schema {payload.get('schema')!r}, this consumer reads {schema!r}")
    try:
        return model.model_validate(payload)
    except RecursionError:  # a valid envelope whose free-form field (`source`) nests too deeply
        raise _invalid(INVALID_RECORD, "nested too deeply to validate") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise _invalid(INVALID_RECORD, f"{exc.error_count()} error(s), first at {where}: {first['msg']}") from None


def decode_document(raw: bytes | None, max_bytes: int) -> DocumentEvent:
    return _decode(raw, DocumentEvent, DOCUMENT_V1, max_bytes)


def decode_extraction(raw: bytes | None, max_bytes: int) -> ExtractionEvent:
    # Extractions carry many candidate rows per document: allow a generous multiple.
    return _decode(raw, ExtractionEvent, EXTRACTION_V1, max_bytes * 4)
