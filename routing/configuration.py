"""Router settings (TEXT2DB_ROUTE_*): weights, thresholds, memory sizes and LLM budgets.

Kept apart from text2db.config so routing can be tuned without touching the shared settings.
The defaults were set on the mixed dev feed (benchmarks/routing_accuracy.py) and are general:
they weigh evidence kinds, they name no job, table or domain."""

from __future__ import annotations

from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class RouterConfig(BaseSettings):
    """Frozen routing settings; override with TEXT2DB_ROUTE_<FIELD>."""

    model_config = SettingsConfigDict(env_prefix="TEXT2DB_ROUTE_", extra="ignore", frozen=True)

    jobs: str = Field("", description="Jobs to route to, 'job=URL,job2=URL2'; empty: every job with a plan in TEXT2DB_DB_URL.")
    prototypes_top_k: int = Field(5, description="Similarity with a job's descriptions and rows: mean of the best k.")
    documents_top_k: int = Field(3, description="Similarity with a job's accepted documents: mean of the best k.")
    documents_prior: float = Field(20.0, description="Accepted documents weigh n/(n+prior) of their full say: a few say little, hundreds as much as the rows.")
    key_weight: float = Field(0.1, description="Score added per unit of key evidence (a key specific to one job = 1 unit).")
    key_cap: float = Field(5.0, description="Key evidence counted at most this many units.")
    parent_key_weight: float = Field(0.5, description="A key of a parent table (one other planned tables link to) counts this share of a unit.")
    subject_weight: float = Field(0.05, description="Score added when the NER label of the document's first-sentence subject is one the plan declares for the job's rows (0 disables the NER step).")
    subject_chars: int = Field(120, description="Characters of the first sentence the subject's NER reads.")
    common_key_share: float = Field(0.1, description="A key named in this share of the memory's documents is no evidence.")
    floor: float = Field(0.15, description="A document whose best score is below this and names no key is unrouted.")
    multi_margin: float = Field(0.01, description="A second job also gets the document when within this of the best (subject bonus left out) and it names one of its full keys.")
    multi_min_keys: float = Field(1.0, description="Multi-word key evidence a second job needs (1 = one full name specific to it).")
    tie_margin: float = Field(0.02, description="Below this gap between the two best jobs the LLM (when configured) decides.")
    llm_calls_per_batch: int = Field(4, description="At most this many LLM tie-breaks per consumed batch.")
    llm_cards: Literal["all", "close"] = Field("all", description="Describe every job to the LLM (a fixed, cached prompt prefix) or only the close ones (a shorter prompt, never cached).")
    llm_seconds: float = Field(8.0, description="Timeout of one LLM tie-break; on timeout the small models' choice stands.")
    rows_per_table: int = Field(200, description="Rows per table kept as prototypes in the selection memory.")
    keys_per_table: int = Field(5000, description="Key values per table kept for key matching.")
    documents_per_job: int = Field(300, description="Accepted documents kept per job (newest).")
    lead_chars: int = Field(400, description="Characters of a document's lead that are embedded.")
    max_tokens: int = Field(64, description="Word pieces of the lead the encoder reads (speed: 64 keeps routing under 20 ms).")
    refresh_seconds: float = Field(60.0, description="How often a running router re-reads keys and accepted documents.")
    transactions: bool = Field(True, description="Produce routed records and commit offsets in one Kafka transaction.")
