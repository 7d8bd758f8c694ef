"""`text2db train`: fine-tune the MiniLM span extractor and register it if it is good enough.

Labels come from three places, each tagged with its source:
- `llm`: cells the LLM produced (and grounding accepted) for earlier documents, logged by the
  router to <home>/labels/llm.jsonl (distillation); with an LLM endpoint configured, `run` first
  has the LLM label the given documents (`teacher_pass`);
- `db`: values already in the target table whose text occurs near the row's key in a document
  (distant supervision);
- `rules`: the span rules' most confident values (weak labels, used for training only).
The held-out split is drawn from `llm` and `db` labels when there are enough, else from all.
A version is registered under <home>/models/span_ft/<version>/ and marked accepted only when its
held-out exact match clears `accept_exact`; the router loads only the accepted version.
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from text2db.config import Settings
from text2db.extractors.span_model import SpanModel, question_for
from text2db.schemas.plan import Plan


EPOCHS = 6  # on ~260 dev-set labels: 3 epochs reached 0.15 held-out exact match, 6 reached 0.35-0.45


@dataclass(frozen=True)
class Example:
    question: str
    context: str
    start: int  # answer span in context; start == end == -1 means "not stated"
    end: int
    source: str


class TrainReport(BaseModel):
    version: str
    examples: dict[str, int]
    train_size: int
    heldout_size: int
    exact_before: float
    exact_after: float
    accepted: bool
    seconds: float
    folder: str


def label_log(settings: Settings) -> Path:
    return settings.home / "labels" / "llm.jsonl"


def record_llm_label(settings: Settings, question: str, context: str, value: str) -> None:
    """Append one grounded LLM answer as a training label (called by the router)."""
    start = context.find(value)
    if start < 0:
        return
    path = label_log(settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"question": question, "context": context, "start": start, "end": start + len(value)}) + "\n")


def llm_examples(settings: Settings) -> list[Example]:
    path = label_log(settings)
    if not path.exists():
        return []
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [Example(r["question"], r["context"], r["start"], r["end"], "llm") for r in rows]


# Labelling is offline work: no per-document time budget (the production 30 s would make the
# number of labels depend on the machine's load), only the cap on calls per document.
TEACHER = {"llm_mode": "choose", "plan_reader": False, "accept_threshold": 0.9, "llm_for_missing": True, "record_llm_labels": True,
           "llm_calls_per_document": 4, "llm_seconds_per_document": 3600.0, "use_trained_model": False}


def teacher_pass(plan: Plan, texts: list[str], settings: Settings) -> int:
    """Distillation labels: extract `texts` with the LLM consulted more widely than in production
    (every main-entity cell, and small-model values below 0.9); the router logs each grounded answer.
    Returns the number of LLM calls made; without an LLM endpoint it does nothing."""
    from text2db.extractors.configuration import ExtractorConfig
    from text2db.extractors.pipeline import Extractor
    from text2db.schemas.events import DocumentEvent, document_id_for

    if not settings.llm_base_url:
        return 0
    extractor = Extractor(plan, settings, ExtractorConfig(**TEACHER))
    return sum(extractor.extract(DocumentEvent(job=plan.job, document_id=document_id_for(t, "teacher"), text=t)).stats.llm_calls
               for t in texts)


def db_examples(plan: Plan, texts: list[str], db_url: str | None) -> list[Example]:
    """Distant supervision: a row's stored value found in the sentence that names its key."""
    if not db_url:
        return []
    from sqlalchemy import MetaData, create_engine, select

    engine = create_engine(db_url)
    out: list[Example] = []
    try:
        meta = MetaData()
        meta.reflect(engine)
        with engine.connect() as conn:
            for tp in plan.tables:
                if tp.table not in meta.tables:
                    continue
                table = meta.tables[tp.table]
                cols = [c for c in tp.columns if c.name in table.c and c.name not in tp.key and c.tool != "classification"]
                for row in conn.execute(select(table)).mappings():
                    key = str(row.get(tp.key[0]) or "")
                    if len(key) < 3:
                        continue
                    for text in texts:
                        for sent in _sentences_with(text, key):
                            for col in cols:
                                value = row.get(col.name)
                                if value is not None and len(str(value)) >= 2 and (i := sent.find(str(value))) >= 0:
                                    out.append(Example(question_for(col.question, key), sent, i, i + len(str(value)), "db"))
    finally:
        engine.dispose()
    return out


def _sentences_with(text: str, key: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if key in s]


def rule_examples(plan: Plan, texts: list[str], min_confidence: float = 0.6) -> list[Example]:
    """Weak labels: what the span rules are confident about, plus 'not stated' negatives."""
    from text2db.extractors.entities import find_entities, parse, table_kind
    from text2db.extractors.pipeline import _setup
    from text2db.extractors.router import context_for
    from text2db.extractors.spans import SpanRules

    out: list[Example] = []
    setups = [_setup(tp, priors=True) for tp in plan.tables]  # the rules label only what their priors cover
    for text in texts:
        parsed = parse(text)
        for setup in setups:
            entities = find_entities(parsed, table_kind(setup.plan))
            best: dict[tuple[str, str], tuple[float, str]] = {}
            for c in SpanRules(parsed, entities, setup.kind).predict(setup.relations):
                if c.confidence > best.get((c.entity, c.column), (0.0, ""))[0]:
                    best[(c.entity, c.column)] = (c.confidence, c.value.text)
            for ent in entities[:3]:
                context = context_for(parsed, ent, 600)
                for column, kind in setup.relations.items():
                    q = question_for(setup.plan.column(column).question, ent.name)
                    conf, value = best.get((ent.name, column), (0.0, ""))
                    if not value and ent.main:
                        out.append(Example(q, context, -1, -1, "rules"))
                    elif conf >= min_confidence and (i := context.find(value)) >= 0:
                        out.append(Example(q, context, i, i + len(value), "rules"))
    return out


def _targets(model: SpanModel, batch: object, examples: list[Example]) -> tuple[list[int], list[int]]:
    starts, ends = [], []
    for i, ex in enumerate(examples):
        s = e = 0
        if ex.start >= 0:
            seq = batch.sequence_ids(i)  # type: ignore[attr-defined]
            for t, (a, b) in enumerate(batch["offset_mapping"][i].tolist()):  # type: ignore[index]
                if seq[t] != 1:
                    continue
                if a <= ex.start < b or (s == 0 and a >= ex.start):
                    s = s or t
                if a < ex.end <= b or (a < ex.end and b >= ex.end):
                    e = t
                    break
            if s == 0 or e < s:
                s = e = 0
        starts.append(s)
        ends.append(e)
    return starts, ends


def fine_tune(model: SpanModel, examples: list[Example], epochs: int = EPOCHS, lr: float = 5e-5, batch_size: int = 16) -> SpanModel:
    """Plain AdamW on CPU; a few hundred examples take about a minute per epoch on 2 cores."""
    import torch

    torch.manual_seed(0)
    optim = torch.optim.AdamW([
        {"params": model.encoder.parameters(), "lr": lr},
        {"params": model.head.parameters(), "lr": lr * 20},
    ])
    loss_fn = torch.nn.CrossEntropyLoss()
    order = list(range(len(examples)))
    for epoch in range(epochs):
        random.Random(epoch).shuffle(order)
        model.encoder.train()
        for b in range(0, len(order), batch_size):
            chunk = [examples[i] for i in order[b:b + batch_size]]
            batch = model.encode([e.question for e in chunk], [e.context for e in chunk])
            starts, ends = _targets(model, batch, chunk)
            start_logits, end_logits = model.logits(batch)
            loss = loss_fn(start_logits, torch.tensor(starts)) + loss_fn(end_logits, torch.tensor(ends))
            optim.zero_grad()
            loss.backward()
            optim.step()
    model.encoder.train(False)  # evaluation mode (Module.eval)
    return model


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip(" ,.;:\"'").casefold()


def exact_match(model: SpanModel, examples: list[Example]) -> float:
    """Share of held-out labels answered exactly (a 'not stated' label needs no answer)."""
    if not examples:
        return 0.0
    hits = 0
    for b in range(0, len(examples), 32):
        chunk = examples[b:b + 32]
        for ex, ans in zip(chunk, model.predict([e.question for e in chunk], [e.context for e in chunk]), strict=True):
            gold = ex.context[ex.start:ex.end] if ex.start >= 0 else None
            hits += (ans is None and gold is None) or (ans is not None and gold is not None and _fold(ans.text) == _fold(gold))
    return hits / len(examples)


def split(examples: list[Example], heldout_share: float = 0.2, seed: int = 13) -> tuple[list[Example], list[Example]]:
    """Held-out labels come from the trusted sources (llm, db) when there are at least 10 of them."""
    rng = random.Random(seed)
    trusted = [e for e in examples if e.source in ("llm", "db")]
    pool = trusted if len(trusted) >= 10 else examples
    held = set(rng.sample(range(len(pool)), max(1, int(len(pool) * heldout_share)))) if pool else set()
    heldout = [e for i, e in enumerate(pool) if i in held]
    held_contexts = {(e.question, e.context) for e in heldout}
    train = [e for e in examples if (e.question, e.context) not in held_contexts]
    return train, heldout


def run(plan_path: Path, documents: Path, settings: Settings, *, db_url: str | None = None, epochs: int = EPOCHS,
        accept_exact: float = 0.5, max_examples: int = 600) -> TrainReport:
    """Build the set, fine-tune, evaluate on held-out labels, register (and accept if good enough)."""
    started = time.monotonic()
    plan = Plan.model_validate_json(Path(plan_path).read_text())
    texts = [p.read_text(encoding="utf-8") for p in sorted(Path(documents).glob("*.txt"))]
    examples = collect_examples(plan, texts, settings, db_url=db_url, max_examples=max_examples)
    return train_and_register(examples, settings, epochs=epochs, accept_exact=accept_exact, started=started)


def collect_examples(plan: Plan, texts: list[str], settings: Settings, *, db_url: str | None = None,
                     max_examples: int = 600) -> list[Example]:
    """The training set: the LLM labels `texts` first when an endpoint is configured, then its
    logged labels, database labels and rule labels, trusted sources first, capped."""
    teacher_pass(plan, texts, settings)
    examples = llm_examples(settings) + db_examples(plan, texts, db_url or settings.db_url) + rule_examples(plan, texts)
    return examples[:max_examples]


def train_and_register(examples: list[Example], settings: Settings, *, epochs: int = EPOCHS, accept_exact: float = 0.5,
                       started: float | None = None, base: SpanModel | None = None) -> TrainReport:
    started = started or time.monotonic()
    train, heldout = split(examples)
    model = base or SpanModel()
    before = exact_match(model, heldout)
    fine_tune(model, train, epochs=epochs)
    after = exact_match(model, heldout)
    version = time.strftime("v%Y%m%d-%H%M%S")
    root = settings.home / "models" / "span_ft"
    folder = root / version
    counts = {src: sum(1 for e in examples if e.source == src) for src in ("llm", "db", "rules")}
    accepted = after >= accept_exact and after > before
    report = TrainReport(version=version, examples=counts, train_size=len(train), heldout_size=len(heldout),
                         exact_before=round(before, 4), exact_after=round(after, 4), accepted=accepted,
                         seconds=round(time.monotonic() - started, 1), folder=str(folder))
    model.save(folder, report.model_dump())
    if accepted:
        (root / "accepted.json").write_text(json.dumps({"version": version, "exact": after}))
    return report

