"""The relation kinds the rule-based span extractor knows (an optional prior), and how a planned column maps to one.

A column is matched by its name first (birth_place, director...), then by MiniLM similarity of
its question to each kind's description, so a planner's wording ("place where she was born")
still finds the kind. Unmatched columns go to the LLM (or stay empty without one).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from dataclasses import dataclass
from typing import Literal

from text2db.schemas.plan import ColumnPlan

ValueKind = Literal["date", "place", "country", "org", "person", "agent", "name"]


@dataclass(frozen=True)
class RelationKind:
    name: str
    description: str
    value: ValueKind
    aliases: tuple[str, ...] = ()
    triggers: tuple[tuple[str, float], ...] = ()  # (regex, confidence): a value of the kind follows the match
    roles: tuple[str, ...] = ()  # the span rules' anchored patterns that read this kind (spans.py)


def _load_priors() -> tuple[RelationKind, ...]:
    """The relation kinds are data (relation_priors.json), an optional prior: with
    TEXT2DB_EXTRACT_USE_PRIORS=false no column is mapped to them and the plan reader reads all."""
    raw = json.loads((Path(__file__).with_name("relation_priors.json")).read_text(encoding="utf-8"))
    return tuple(RelationKind(k["name"], k["description"], k["value"], tuple(k.get("aliases", ())),
                              tuple((p, float(w)) for p, w in k.get("triggers", ())), tuple(k.get("roles", ())))
                 for k in raw)


KINDS: tuple[RelationKind, ...] = _load_priors()
BY_NAME = {k.name: k for k in KINDS}
_SIMILARITY_FLOOR = 0.55


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def resolve(column: ColumnPlan) -> RelationKind | None:
    """The relation kind a column asks for, or None when no kind fits well enough."""
    name = _norm(column.name)
    for kind in KINDS:
        if name == kind.name or name in kind.aliases:
            return kind
    return _by_similarity(column.question or column.name)


def _by_similarity(question: str) -> RelationKind | None:
    from text2db.extractors.models import embed

    vectors = embed([question] + [k.description for k in KINDS])
    scores = vectors[1:] @ vectors[0]
    best = int(scores.argmax())
    return KINDS[best] if float(scores[best]) >= _SIMILARITY_FLOOR else None
