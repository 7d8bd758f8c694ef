"""Settings, read from the environment (TEXT2DB_*) or a .env file, every field with a default.

Production points these at a real Kafka cluster and database; the defaults are the embedded
local stack (Tansu broker started by `text2db stack up`, SQLite target).
"""

from __future__ import annotations

from typing import Literal

from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """One frozen settings object per process; override with TEXT2DB_<FIELD> variables."""

    model_config = SettingsConfigDict(env_prefix="TEXT2DB_", env_file=".env", extra="ignore", frozen=True)

    home: Path = Field(Path(".text2db"), description="Working folder: stack state, logs, demo database.")
    bootstrap_servers: str | None = Field(
        None, description="Kafka bootstrap servers; unset means the local stack's broker (see `text2db stack up`)."
    )
    security_protocol: str = Field("PLAINTEXT", description="Kafka security.protocol (PLAINTEXT, SSL, SASL_SSL...).")
    sasl_mechanism: str | None = Field(None, description="Kafka SASL mechanism, e.g. PLAIN or SCRAM-SHA-512.")
    sasl_username: str | None = Field(None, description="Kafka SASL user.")
    sasl_password: str | None = Field(None, description="Kafka SASL password.")
    topic_prefix: str = Field("text2db", description="Prefix of the documents/extractions/deadletter topics.")
    partitions: int = Field(6, description="Partitions for topics text2db creates.")
    max_document_bytes: int = Field(1_000_000, description="Larger documents are dead-lettered, not processed.")
    db_url: str = Field("sqlite:///.text2db/demo.sqlite", description="Target database (SQLAlchemy URL).")
    llm_base_url: str | None = Field(None, description="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8011/v1.")
    llm_model: str = Field("qwen2.5-coder-1.5b", description="Model name sent to the LLM endpoint.")
    llm_api_key: str = Field("local", description="API key for the LLM endpoint (local servers ignore it).")
    llm_timeout_s: float = Field(60.0, description="Timeout of one LLM call.")
    planner_llm: Literal["first", "fallback"] = Field(
        "first", description="With an LLM endpoint: 'first' asks the LLM planner first (it decides what the wording "
        "leaves open; the rule planner builds and is the fallback); 'fallback' plans with the rules and asks the LLM "
        "planner only when they cannot plan (saves one LLM call per plan).")
    design_sentence_completion: bool = Field(
        True, description="Schema design with an LLM: after the design is drafted, ask the LLM, one sentence of the "
        "requirement at a time, for the tables that sentence states and the design lacks (designer/complete.py; at "
        "most 4 short calls per requirement), then for the references a sentence states between two tables nothing "
        "relates yet (designer/relate.py; at most 6 calls of a few tokens).")
    review_threshold: float = Field(0.5, description="Values with lower confidence go to review, not the table.")
    link_indexes: bool = Field(
        True, description="Consent for the integrator to create the indexes it links through (text2db_ix_*: an "
        "expression index on the squashed form of each linked key column, and on PostgreSQL one on its reverse), "
        "once, outside any batch. False: it creates none and logs their DDL; linking then reads the whole key column "
        "per batch.")

    @property
    def topics(self) -> dict[str, str]:
        p = self.topic_prefix
        return {"documents": f"{p}.documents", "extractions": f"{p}.extractions", "deadletter": f"{p}.deadletter",
                "inbox": f"{p}.inbox", "unrouted": f"{p}.unrouted"}  # inbox/unrouted: the routing stage (issue 16)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
