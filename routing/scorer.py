"""The router's decision: small models score every job, the LLM only breaks close ties.

Per document and job:
  rows     = best-k similarity with the job's descriptions and rows
  docs     = best-k similarity with the job's accepted documents
  semantic = rows + t * (docs - rows) / 2, t = n / (n + documents_prior) for n accepted documents:
             a few accepted documents barely move the score, hundreds weigh as much as the rows
             (the top-k of 3 documents is noise; measured on the dev feed it cost 5 points)
  keys     = sum over existing keys of the job's tables named in the document of
             1 / (number of jobs holding that key), zero for keys most documents name ("Italy")
             (a key of a parent table - one other planned tables link to, the country of a dish -
             counts parent_key_weight: such keys name where or whose, rarely what, a document is about)
  subject  = subject_weight when the NER label of the document's first-sentence subject is one the
             plan declares for the job's (non-parent) tables' rows: the document's main entity would
             be written to this job's table
  score    = semantic + key_weight * min(keys, key_cap) + subject
The best job gets the document unless its score is below `floor` and it names no key
(unrouted). Another job also gets it when it is within `multi_margin` of the best (subject bonus
left out: it says which job the document is mainly for, not whether another also gets it) AND the
document names a full (multi-word) key of it: a document can update two targets, but only on
evidence, and a one-word key ('Union', 'Square', a first name) matches by chance too often.
(Also sending it to every job whose key the lead names raised the dev feed's wrong second
jobs from 2.9% to 20%: the lead names rows of other jobs often.)"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from text2db.routing.configuration import RouterConfig
from text2db.routing.encoder import embed, lead
from text2db.routing.keys import KeyHit, KeyIndex, Owner
from text2db.routing.memory import JobMemory
from text2db.routing.subject import subject_labels
from text2db.schemas.routing import JobScore, RouteDecision

# (document lead, the closest jobs best first) -> the jobs the LLM picks, or None when it could not
TieBreaker = Callable[[str, list[JobScore]], list[str] | None]
# document text -> (key as stored, (job, table)) of the keys it names in tables too large for the
# memory's keys (JobMemory.overflow), read from their databases
KeyLookup = Callable[[str], list[tuple[str, Owner]]]
MIN_DOCS_FOR_COMMONNESS = 20


@dataclass(frozen=True)
class Document:
    document_id: str
    text: str


def _share(hit: KeyHit) -> float:
    """A key held by n jobs is 1/n evidence for each of them."""
    return 1.0 / len({job for job, _ in hit.owners})


def _top_mean(sims: np.ndarray, k: int) -> float:
    if sims.size == 0:
        return 0.0
    k = min(k, sims.size)
    return float(np.partition(sims, sims.size - k)[-k:].mean())


class Router:
    """Scores documents against every job's memory; thread-compatible, not thread-safe."""

    def __init__(self, memories: Sequence[JobMemory], config: RouterConfig | None = None,
                 tiebreak: TieBreaker | None = None, key_lookup: KeyLookup | None = None) -> None:
        self.config = config or RouterConfig()
        self.memories = {m.job: m for m in memories}
        self.tiebreak = tiebreak
        self.key_lookup = key_lookup
        self.llm_calls = 0
        self.llm_seconds = 0.0  # time spent waiting for the LLM (apart from the small models' time)
        self.reindex()

    def reindex(self) -> None:
        """Rebuild the key index after memories changed (new rows, new jobs)."""
        self.keys = KeyIndex((k, (m.job, t)) for m in self.memories.values() for k, t in m.keys.items())
        self.common = self._common_keys()

    def _common_keys(self) -> set[str]:
        """Keys that many remembered documents name (countries, big cities): no evidence of a job."""
        texts = [t for m in self.memories.values() for t in m.doc_texts]
        if len(texts) < MIN_DOCS_FOR_COMMONNESS:
            return set()
        counts = Counter(h.key for t in texts for h in self.keys.find(t, fuzzy=False))
        return {k for k, n in counts.items() if n / len(texts) >= self.config.common_key_share}

    def route(self, documents: Sequence[Document], llm_budget: int | None = None) -> list[RouteDecision]:
        """One decision per document (same order); the LLM is asked at most `llm_budget` times."""
        budget = self.config.llm_calls_per_batch if llm_budget is None else llm_budget
        leads = [lead(d.text, self.config.lead_chars) for d in documents]
        vectors = embed(leads, self.config.max_tokens)
        subjects = subject_labels(leads, self.config.subject_chars) if self.config.subject_weight else [None] * len(leads)
        decisions = []
        for doc, text_lead, vector, subject in zip(documents, leads, vectors, subjects):
            scores = self.score(doc.text, vector, len(text_lead), subject)
            decision = self.decide(doc.document_id, scores)
            if self._is_tie(scores) and self.tiebreak is not None and budget > 0:
                budget -= 1
                decision = self._ask_llm(doc.document_id, text_lead, scores) or decision
            decisions.append(decision)
        return decisions

    def score(self, text: str, vector: np.ndarray, lead_chars: int = 0, subject: str | None = None) -> list[JobScore]:
        """Every job's score for one document (`subject`: NER label of its lead's subject), best first."""
        hits = [h for h in self._key_hits(text) if h.key not in self.common]
        out = [self._score_job(m, vector, hits, lead_chars, subject) for m in self.memories.values()]
        return sorted(out, key=lambda s: -s.score)

    def _key_hits(self, text: str) -> list[KeyHit]:
        """Existing keys the text names: the memories' keys, and those `key_lookup` finds in the
        tables too large to keep (a key in both is held by the owners of both)."""
        hits = {h.key: h for h in self.keys.find(text)}
        found = self.key_lookup(text) if self.key_lookup is not None else []
        for h in KeyIndex(found).find(text) if found else []:
            known = hits.get(h.key)
            hits[h.key] = h if known is None else KeyHit(h.key, known.owners | h.owners, min(known.start, h.start))
        return sorted(hits.values(), key=lambda h: h.start)

    def _score_job(self, memory: JobMemory, vector: np.ndarray, hits: list[KeyHit], lead_chars: int,
                   subject: str | None = None) -> JobScore:
        cfg = self.config
        proto_sims = memory.protos @ vector if len(memory.protos) else np.zeros(0)
        protos = _top_mean(proto_sims, cfg.prototypes_top_k)
        docs = _top_mean(memory.docs @ vector, cfg.documents_top_k) if len(memory.docs) else protos
        trust = len(memory.docs) / (len(memory.docs) + cfg.documents_prior) if len(memory.docs) else 0.0
        semantic = protos + trust * (docs - protos) / 2
        mine = [(h, t) for h in hits for (job, t) in h.owners if job == memory.job]
        weight = {t: cfg.parent_key_weight if t in memory.parents else 1.0 for _, t in mine}
        evidence = sum(_share(h) * weight[t] for h, t in mine)
        in_lead = sum(_share(h) * weight[t] for h, t in mine if h.start < lead_chars)
        names_evidence = sum(_share(h) * weight[t] for h, t in mine if " " in h.key)
        typed = subject is not None and subject in memory.subject_types
        score = self._base(semantic, evidence) + (cfg.subject_weight if typed else 0.0)
        table = self._table(memory, proto_sims, mine)
        names = list(dict.fromkeys(h.key for h, _ in mine))[:5]
        why = f"semantic {semantic:.3f} (rows/descriptions {protos:.3f}, documents {docs:.3f})"
        if names:
            why += f"; keys {', '.join(repr(n) for n in names)} (evidence {evidence:.2f})"
        if typed:
            why += f"; its subject is a {subject}, as its rows are"
        return JobScore(job=memory.job, table=table, score=round(score, 4), semantic=round(semantic, 4), keys=names,
                        evidence=round(evidence, 4), lead_evidence=round(in_lead, 4),
                        name_evidence=round(names_evidence, 4), why=why)

    @staticmethod
    def _table(memory: JobMemory, proto_sims: np.ndarray, mine: list[tuple[KeyHit, str]]) -> str:
        """The table whose key the document names first, else the one of the closest prototype."""
        if mine:
            return mine[0][1]
        if proto_sims.size:
            return memory.proto_tables[int(np.argmax(proto_sims))]
        return memory.tables[0] if memory.tables else ""

    def _base(self, semantic: float, evidence: float) -> float:
        """A job's score without the subject bonus: rows, documents and keys."""
        return semantic + self.config.key_weight * min(evidence, self.config.key_cap)

    def _evidence(self, s: JobScore) -> float:
        return self._base(s.semantic, s.evidence)

    def decide(self, document_id: str, scores: list[JobScore]) -> RouteDecision:
        cfg = self.config
        if not scores:
            return RouteDecision(document_id=document_id)
        best = scores[0]
        if best.score < cfg.floor and not best.keys:
            return RouteDecision(document_id=document_id, scores=scores)
        chosen = [best] + [
            s for s in scores[1:]
            if self._evidence(s) >= self._evidence(best) - cfg.multi_margin and s.name_evidence >= cfg.multi_min_keys
        ]
        return RouteDecision(document_id=document_id, chosen=chosen, scores=scores)

    def _is_tie(self, scores: list[JobScore]) -> bool:
        return len(scores) > 1 and scores[0].score >= self.config.floor and scores[0].score - scores[1].score < self.config.tie_margin

    def _ask_llm(self, document_id: str, text_lead: str, scores: list[JobScore]) -> RouteDecision | None:
        """The LLM's pick among the close jobs comes first; a job the small models also sent the
        document to on its own evidence (a full key of its rows) keeps it."""
        close = [s for s in scores[:3] if scores[0].score - s.score < max(self.config.tie_margin, self.config.multi_margin)]
        assert self.tiebreak is not None
        started = time.perf_counter()
        picked = self.tiebreak(text_lead, close)
        self.llm_seconds += time.perf_counter() - started
        self.llm_calls += 1
        if not picked:
            return None
        chosen = [s.model_copy(update={"why": s.why + "; chosen by the LLM among close jobs"}) for s in close if s.job in picked]
        if not chosen:
            return None
        kept = self.decide(document_id, scores).chosen
        chosen += [s for s in kept if s.job not in picked and s.name_evidence >= self.config.multi_min_keys
                   and self._evidence(s) >= self._evidence(chosen[0]) - self.config.multi_margin]
        return RouteDecision(document_id=document_id, chosen=chosen, scores=scores, decided_by="llm")
