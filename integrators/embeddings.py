"""The sentence encoder used for entity linking: the int8 ONNX all-MiniLM-L6-v2
(`text2db.minilm_int8`, no torch in an integrator), with a cache of the names it has embedded."""

from __future__ import annotations

import threading

import numpy as np

from text2db.minilm_int8 import DIM, encode

_lock = threading.Lock()
_cache: dict[str, np.ndarray] = {}
CACHE_LIMIT = 200_000  # ~300 MB at most; link memories are rebuilt per batch, their vectors are not


def embed(texts: list[str]) -> np.ndarray:
    """Unit-length embeddings, one row per text (cosine similarity is a dot product)."""
    with _lock:  # the session and the cache are shared by threads of one process
        missing = list(dict.fromkeys(t for t in texts if t not in _cache))
        if missing:
            vectors = encode(missing)
            if len(_cache) + len(missing) > CACHE_LIMIT:
                _cache.clear()
            _cache.update(zip(missing, vectors))
        return np.stack([_cache[t] for t in texts]) if texts else np.zeros((0, DIM), dtype=np.float32)
