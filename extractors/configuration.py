"""Router settings: thresholds and per-document LLM budgets (TEXT2DB_EXTRACT_* variables).

Kept apart from text2db.config so the extractor area can tune its budgets without touching the
shared settings; every field has a default that meets the 0.5 s/document target.
"""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class ExtractorConfig(BaseSettings):
    """Frozen router/budget settings; override with TEXT2DB_EXTRACT_<FIELD>."""

    model_config = SettingsConfigDict(env_prefix="TEXT2DB_EXTRACT_", extra="ignore", frozen=True)

    accept_threshold: float = Field(0.6, description="Small-model values at or above this confidence skip the LLM.")
    llm_gray_floor: float = Field(0.3, description="Small-model values between this and accept_threshold are re-asked to the LLM.")
    llm_for_missing: bool = Field(False, description="Also ask the LLM for a main entity's columns no small model filled.")
    llm_calls_per_document: int = Field(2, description="At most this many LLM calls per document.")
    llm_tokens_per_document: int = Field(3000, description="Stop calling the LLM once a document used this many tokens.")
    llm_seconds_per_document: float = Field(30.0, description="Stop calling the LLM once a document spent this long.")
    llm_retries: int = Field(1, description="Retries of one LLM call after a transient failure.")
    llm_max_output_tokens: int = Field(160, description="max_tokens of one LLM answer (JSON of a few cells).")
    llm_context_chars: int = Field(1200, description="Characters of document context sent per LLM request.")
    chunk_chars: int = Field(20000, description="Long documents are parsed in chunks of about this size.")
    record_llm_labels: bool = Field(True, description="Log grounded LLM answers to <home>/labels/llm.jsonl for `text2db train`.")
    trained_model_dir: str | None = Field(None, description="Folder of fine-tuned span models; default <home>/models.")
    use_trained_model: bool = Field(True, description="Let the accepted fine-tuned span model answer (off for the LLM teacher).")
    use_priors: bool = Field(True, description="Use the optional priors: relation span rules and the person/organization/work entity finder.")
    plan_reader: bool = Field(True, description="Read every planned column with the plan-driven reader (reader.py).")
    reader_semantic: bool = Field(True, description="Let the reader compare cue words with the column's question by sentence embeddings.")
    classifier_floor: float = Field(0.5, description="The embedding label classifier's guesses below this confidence are dropped.")
    llm_mode: str = Field("rows", description="'rows': one schema-constrained call per document writes what small models are unsure of; 'choose': the per-entity chooser/writer (text2db.llm.v2).")
    llm_label_unsupported: float = Field(0.45, description="Confidence of an LLM label the document's words do not support (below the review threshold: held for review).")
    llm_document_chars: int = Field(6000, description="Characters of a document the row writer sends (the document comes last in the prompt).")
