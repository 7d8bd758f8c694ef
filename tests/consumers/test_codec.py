"""The codec turns every kind of poison into InvalidMessage with a stable reason word."""

from __future__ import annotations

import json

import pytest

from text2db.consumers.codec import decode_document, decode_extraction
from text2db.errors import InvalidMessage
from text2db.schemas.events import DocumentEvent, dump


def reason(raw: bytes | None, max_bytes: int = 1000) -> str:
    with pytest.raises(InvalidMessage) as info:
        decode_document(raw, max_bytes)
    return str(info.value.context["reason"])


def test_valid_document_round_trips() -> None:
    doc = DocumentEvent(job="j", document_id="d1", text="Alien (1979) by Ridley Scott")
    assert decode_document(dump(doc), 10_000) == doc


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b"{not json", "malformed_json"),
        (b"[1, 2]", "malformed_json"),
        (None, "malformed_json"),
        (b"\xff\xfe\x00bad", "not_utf8"),
        (json.dumps({"schema": "text2db.document.v9", "job": "j"}).encode(), "unknown_schema"),
        (json.dumps({"schema": "text2db.document.v1", "job": "j"}).encode(), "invalid_record"),
        (b"x" * 1001, "oversized"),
    ],
)
def test_poison_gets_a_reason(raw: bytes | None, expected: str) -> None:
    assert reason(raw) == expected


def test_extraction_decoder_rejects_a_document() -> None:
    doc = DocumentEvent(job="j", document_id="d1", text="t")
    with pytest.raises(InvalidMessage, match="unknown_schema"):
        decode_extraction(dump(doc), 10_000)
