"""Tool `text2db.span_extractor_ft.v1`: a MiniLM encoder with a start/end head, fine-tuned here.

Extractive QA shape: "[CLS] question [SEP] context [SEP]" -> the answer's start and end tokens
(or [CLS] for "not stated"). Answers are restricted to the context's value spans (spaCy entities
and dates), so every answer is a span of the context (grounded by construction) with clean
boundaries; the confidence is the product of the start and end probabilities.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from text2db.extractors.models import minilm_path

_ARTICLE = re.compile(r"(?:the|The)\s+")
_POSSESSIVE = re.compile(r"['’]s?$")
MAX_LEN = 256
MAX_ANSWER_TOKENS = 12


@dataclass(frozen=True)
class SpanAnswer:
    start: int  # character offsets in the context
    end: int
    text: str
    confidence: float


def question_for(question: str, entity: str) -> str:
    return f"{question}: {entity}"


class SpanModel:
    """Encoder + 2-logit head; `predict` is pure (no writes), `save`/`load` use a plain folder."""

    def __init__(self, encoder_path: str | None = None) -> None:
        import torch
        from transformers import AutoModel, AutoTokenizer

        path = encoder_path or minilm_path()
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.encoder = AutoModel.from_pretrained(path)
        # A fixed initial head: a training round on a few dozen labels then depends only on its
        # labels, so two runs on the same labels give the same model and the same held-out score.
        with torch.random.fork_rng():
            torch.manual_seed(0)
            self.head = torch.nn.Linear(self.encoder.config.hidden_size, 2)

    def parameters(self) -> Any:
        return list(self.encoder.parameters()) + list(self.head.parameters())

    def encode(self, questions: list[str], contexts: list[str]) -> Any:
        return self.tokenizer(questions, contexts, truncation="only_second", max_length=MAX_LEN, padding=True,
                              return_offsets_mapping=True, return_tensors="pt")

    def logits(self, batch: Any) -> tuple[Any, Any]:
        inputs = {k: v for k, v in batch.items() if k in ("input_ids", "attention_mask", "token_type_ids")}
        hidden = self.encoder(**inputs).last_hidden_state
        start, end = self.head(hidden).unbind(-1)
        mask = batch["attention_mask"] == 0
        return start.masked_fill(mask, -1e4), end.masked_fill(mask, -1e4)

    def predict(self, questions: list[str], contexts: list[str]) -> list[SpanAnswer | None]:
        """The best-scoring value span of each context, or None when "not stated" scores higher."""
        import torch

        if not questions:
            return []
        self.encoder.train(False)  # evaluation mode (Module.eval)
        with torch.no_grad():
            batch = self.encode(questions, contexts)
            start_logits, end_logits = self.logits(batch)
        out: list[SpanAnswer | None] = []
        for i, context in enumerate(contexts):
            seq, offsets = batch.sequence_ids(i), batch["offset_mapping"][i].tolist()
            ps, pe = start_logits[i].softmax(-1), end_logits[i].softmax(-1)
            best, best_score = None, float(ps[0] * pe[0])  # [CLS]: not stated
            for a, b in value_spans(context):
                tokens = _token_span(offsets, seq, a, b)
                if tokens is not None and tokens[1] - tokens[0] < MAX_ANSWER_TOKENS:
                    score = float(ps[tokens[0]] * pe[tokens[1]])
                    if score > best_score:
                        best, best_score = (a, b), score
            out.append(None if best is None else SpanAnswer(best[0], best[1], context[best[0]:best[1]], round(best_score, 4)))
        return out

    def save(self, folder: Path, metrics: dict[str, Any]) -> None:
        import torch

        folder.mkdir(parents=True, exist_ok=True)
        self.encoder.save_pretrained(folder / "encoder")
        self.tokenizer.save_pretrained(folder / "encoder")
        torch.save(self.head.state_dict(), folder / "head.pt")
        (folder / "metrics.json").write_text(json.dumps(metrics, indent=2))

    @classmethod
    def load(cls, folder: Path) -> "SpanModel":
        import torch

        model = cls(str(folder / "encoder"))
        model.head.load_state_dict(torch.load(folder / "head.pt", weights_only=True))
        return model


def value_spans(context: str) -> list[tuple[int, int]]:
    """Where an answer may be: the spaCy entities and the date expressions of the context. The
    boundaries come from NER, the model only ranks them, which is what a few hundred labels can teach."""
    from text2db.extractors.models import spacy_pipeline
    from text2db.extractors.textspans import DATE

    spans = {(e.start_char, e.end_char) for e in spacy_pipeline()(context).ents}
    spans |= {(m.start(), m.end()) for m in DATE.finditer(context)}
    for a, b in list(spans):  # "the Curtis Institute of Music", "Salman Rushdie's": also without the article or 's
        lead = _ARTICLE.match(context, a, b)
        tail = _POSSESSIVE.search(context, a, b)
        a2, b2 = (lead.end() if lead else a), (tail.start() if tail else b)
        if a2 < b2 and (a2, b2) != (a, b):
            spans.add((a2, b2))
    return sorted(spans)


def _token_span(offsets: list[list[int]], seq: list[int | None], start: int, end: int) -> tuple[int, int] | None:
    """First and last context tokens of the character span [start, end), None if truncated away."""
    first = next((t for t, (a, b) in enumerate(offsets) if seq[t] == 1 and a <= start < b), None)
    last = next((t for t, (a, b) in enumerate(offsets) if seq[t] == 1 and a < end <= b), None)
    return (first, last) if first is not None and last is not None and last >= first else None


def accepted_folder(models_dir: Path) -> Path | None:
    """The registered version that cleared its acceptance threshold, if any."""
    marker = models_dir / "span_ft" / "accepted.json"
    if not marker.exists():
        return None
    folder = models_dir / "span_ft" / json.loads(marker.read_text())["version"]
    return folder if (folder / "head.pt").exists() else None


@lru_cache(maxsize=2)
def load_accepted(models_dir: str) -> SpanModel | None:
    """Loaded once per process; None until a model was accepted."""
    folder = accepted_folder(Path(models_dir))
    return SpanModel.load(folder) if folder else None
