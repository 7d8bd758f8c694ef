"""Recorded LLM answers for `text2db bench schema --answers FILE`: the model's answer to each
prompt is kept, and a later run with the same prompt reads it instead of asking again.

Why: comparing two versions of the designer on a set is only a measure of the change when both
see the same model answers; asked twice, a 1.5B model on a busy machine does not always answer
the same (and a set of 12 requirements costs minutes of decoding). A change that alters a
prompt (the design a sentence completion is shown, say) asks the model for that prompt only.

The file is JSON: prompt key (sha256 of model, messages, temperature, max_tokens) -> answer text;
it is written atomically after every new answer, so an interrupted run keeps what it was told.
Only the designer's chat calls go through it (`LlmDesigner.chat`).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any


class RecordedAnswers:
    """An OpenAI-client stand-in for `LlmDesigner(client=...)`: `chat.completions.create(**kw)`
    answers from `path` when the prompt was answered before, else asks `client` and records it."""

    def __init__(self, path: Path, client: Any) -> None:
        self.path, self.client = path, client
        self.answers: dict[str, str] = json.loads(path.read_text()) if path.exists() else {}
        self.asked = 0  # prompts sent to the model in this run (the others were read from the file)
        self.failed = 0  # prompts neither recorded nor answered: the design went on without them
        self.chat = SimpleNamespace(completions=self)

    def create(self, **request: Any) -> Any:
        key = prompt_key(request)
        if key not in self.answers:
            try:
                if self.client is None:
                    raise LookupError("no answer recorded for this prompt and no LLM endpoint to ask")
                response = self.client.chat.completions.create(**request)
            except Exception:
                self.failed += 1  # the designer catches it and designs on: the run must still say so
                raise
            self.answers[key] = response.choices[0].message.content or ""
            self.asked += 1
            self._save()
        message = SimpleNamespace(content=self.answers[key])
        return SimpleNamespace(choices=[SimpleNamespace(message=message)])

    def _save(self) -> None:
        partial = self.path.with_suffix(self.path.suffix + ".partial")
        partial.write_text(json.dumps(self.answers))
        os.replace(partial, self.path)


def prompt_key(request: dict[str, Any]) -> str:
    fields = {k: request.get(k) for k in ("model", "messages", "temperature", "max_tokens")}
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()
