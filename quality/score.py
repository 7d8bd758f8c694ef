"""The TEXT2DB metric (../shared/benchmarks/README.md), strict and lenient.

Per instance the predicted delta is compared with the gold delta (quality/delta.py):
- strict: a predicted fact counts when the same (table, key, column, canonical value) is gold;
- lenient: also when the key is one of the gold row's key forms and the value one of the
  cell's accepted forms in meta.json, after folding case, spacing and a leading "the".
Matching is one-to-one, so two spellings of one gold row earn one true positive.

Precision, recall and F1 per instance, averaged over instances (macro), and micro over all
facts; overall and per task type. Empty sets: precision is 1 when nothing was predicted and
nothing was gold, 0 when nothing was predicted but something was gold; recall is 1 when
nothing was gold and nothing predicted, 0 when nothing was gold but something predicted. So
an instance with empty gold scores F1 = 1 only for an empty prediction, and doing nothing on
an instance with gold scores 0.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from text2db.quality.dataset import Instance
from text2db.quality.delta import Fact, canonical, database_delta
from text2db.quality.exceptions import PredictionError

_SPACE = re.compile(r"\s+")


def fold(value: Any) -> str:
    """Lenient form: canonical number, Unicode NFKC, lower case, no leading 'the', no spaces."""
    text = unicodedata.normalize("NFKC", canonical(value)).lower().strip()
    text = re.sub(r"^the\s+", "", text)
    return _SPACE.sub("", text)


@dataclass(frozen=True)
class Counts:
    tp: int
    pred: int
    gold: int

    @property
    def precision(self) -> float:
        return self.tp / self.pred if self.pred else float(self.gold == 0)

    @property
    def recall(self) -> float:
        return self.tp / self.gold if self.gold else float(self.pred == 0)

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class InstanceScore:
    name: str
    task_type: str
    strict: Counts
    lenient: Counts
    missing_prediction: bool = False
    missed: list[Fact] = field(default_factory=list)  # gold facts not matched (lenient)
    extra: list[Fact] = field(default_factory=list)  # predicted facts not matched (lenient)


class GoldForms:
    """Accepted folded key and value forms of every gold fact, from the value and meta.json."""

    def __init__(self, meta: dict[str, Any]) -> None:
        self._aliases: dict[tuple[str, str], dict[str, Any]] = {}
        for table, rows in (meta.get("aliases") or {}).items():
            for key, entry in rows.items():
                self._aliases[(table, canonical(key))] = entry

    def keys(self, table: str, key: str) -> set[str]:
        entry = self._aliases.get((table, key), {})
        return {fold(key)} | {fold(k) for k in entry.get("key", [])}

    def values(self, fact: Fact, is_key: bool) -> set[str]:
        """Forms of the fact's value; a key cell also accepts the row's key forms."""
        entry = self._aliases.get((fact.table, fact.key), {})
        forms = {fold(fact.value)} | {fold(v) for v in (entry.get("cells") or {}).get(fact.column, [])}
        return forms | self.keys(fact.table, fact.key) if is_key else forms


def match(gold: set[Fact], pred: set[Fact], meta: dict[str, Any]) -> tuple[Counts, Counts, list[Fact], list[Fact]]:
    """Strict and lenient counts, plus the gold facts missed and predicted facts unmatched (lenient)."""
    strict_tp = len(gold & pred)
    open_gold = gold - pred
    open_pred = sorted(pred - gold)
    forms = GoldForms(meta)
    key_columns = _key_columns(meta)
    by_slot: dict[tuple[str, str], list[Fact]] = defaultdict(list)
    for g in sorted(open_gold):
        by_slot[(g.table, g.column)].append(g)
    extra: list[Fact] = []
    lenient_tp = strict_tp
    for p in open_pred:
        candidates = by_slot.get((p.table, p.column), [])
        pk, pv = fold(p.key), fold(p.value)
        hit = next(
            (
                g
                for g in candidates
                if pk in forms.keys(g.table, g.key) and pv in forms.values(g, g.column in key_columns.get(g.table, ()))
            ),
            None,
        )
        if hit is None:
            extra.append(p)
        else:
            candidates.remove(hit)
            lenient_tp += 1
    missed = sorted(g for slot in by_slot.values() for g in slot)
    return Counts(strict_tp, len(pred), len(gold)), Counts(lenient_tp, len(pred), len(gold)), missed, extra


def _key_columns(meta: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for table, key in (meta.get("natural_keys") or {}).items():
        out[table] = (key,) if isinstance(key, str) else tuple(key)
    return out


def gold_delta(instance: Instance) -> set[Fact]:
    meta = instance.meta()
    return database_delta(instance.input_path, instance.gold_path, meta.get("natural_keys") or {})


def score_instance(instance: Instance, prediction: Path) -> InstanceScore:
    """Score `prediction` (an output.sqlite) of one instance; a missing file scores as no change."""
    meta = instance.meta()
    keys = meta.get("natural_keys") or {}
    gold = database_delta(instance.input_path, instance.gold_path, keys)
    missing = not prediction.is_file()
    try:
        pred = set() if missing else database_delta(instance.input_path, prediction, keys)
    except PredictionError:
        pred, missing = set(), True
    strict, lenient, missed, extra = match(gold, pred, meta)
    return InstanceScore(instance.name, instance.task_type, strict, lenient, missing, missed, extra)


@dataclass(frozen=True)
class Summary:
    """Macro and micro P/R/F1 (percent) over a group of instances, for one matching mode."""

    instances: int
    macro_p: float
    macro_r: float
    macro_f1: float
    micro_p: float
    micro_r: float
    micro_f1: float

    def as_dict(self) -> dict[str, float]:
        return {k: round(v, 2) for k, v in asdict(self).items()}


def summarize(counts: list[Counts]) -> Summary:
    n = len(counts) or 1
    total = Counts(sum(c.tp for c in counts), sum(c.pred for c in counts), sum(c.gold for c in counts))
    return Summary(
        len(counts),
        100 * sum(c.precision for c in counts) / n,
        100 * sum(c.recall for c in counts) / n,
        100 * sum(c.f1 for c in counts) / n,
        100 * total.precision,
        100 * total.recall,
        100 * total.f1,
    )


def summarize_scores(scores: list[InstanceScore]) -> dict[str, dict[str, dict[str, float]]]:
    """{group: {"strict": summary, "lenient": summary}} for "overall" and each task type present."""
    groups: dict[str, list[InstanceScore]] = {"overall": scores}
    for s in scores:
        groups.setdefault(s.task_type, []).append(s)
    return {
        name: {
            "strict": summarize([s.strict for s in members]).as_dict(),
            "lenient": summarize([s.lenient for s in members]).as_dict(),
        }
        for name, members in groups.items()
    }


def score_predictions(instances: list[Instance], pred_dir: Path) -> list[InstanceScore]:
    return [score_instance(i, pred_dir / i.name / "output.sqlite") for i in instances]
