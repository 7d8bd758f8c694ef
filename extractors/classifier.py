"""Tool `text2db.label_classifier.v1`: pick a column's label by embedding similarity.

The entity's context (the sentences that mention it) is compared with each label, and with the
column's demonstrations when they are labels; the margin over the runner-up is the confidence.
"""

from __future__ import annotations

from dataclasses import dataclass

from text2db.extractors.models import embed


@dataclass(frozen=True)
class LabelPrediction:
    label: str
    score: float
    confidence: float


def predict(context: str, labels: list[str], question: str = "") -> LabelPrediction:
    """Pure: the label closest to the context, with a confidence from score and margin."""
    prompts = [f"{question}: {label}" if question else label for label in labels]
    vectors = embed([context] + prompts)
    scores = vectors[1:] @ vectors[0]
    order = scores.argsort()[::-1]
    best = float(scores[order[0]])
    margin = best - float(scores[order[1]]) if len(labels) > 1 else best
    confidence = max(0.0, min(1.0, 0.5 * best + 2.0 * margin))
    return LabelPrediction(labels[int(order[0])], best, round(confidence, 3))
