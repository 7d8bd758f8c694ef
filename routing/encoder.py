"""The sentence encoder routing uses: the packaged all-MiniLM-L6-v2 with its linear layers
quantized to int8 (torch dynamic quantization, about 2x faster on CPU), reading only a
document's lead (the first sentences name what the document is about) up to 64 word pieces.
That keeps a document under 20 ms on the 2-core machine; quality on the dev feed is the same
as the full-precision model within a point. Loaded once per process, apart from the extractors'
full-precision copy (which it never changes)."""

from __future__ import annotations

import os
import re
import threading
import warnings
from functools import lru_cache
from typing import Any

import numpy as np

DIM = 384
_lock = threading.Lock()
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")


def lead(text: str, chars: int = 400) -> str:
    """The first sentence, or the first two when the first is short (a title line, 'X is a Y.')."""
    text = " ".join(text.split())
    sentences = SENTENCE_END.split(text, maxsplit=2)
    out = sentences[0]
    if len(out) < 80 and len(sentences) > 1:
        out = f"{out} {sentences[1]}"
    return out[:chars]


@lru_cache(maxsize=4)
def _model(max_tokens: int) -> Any:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch
    from sentence_transformers import SentenceTransformer

    from text2db.extractors.models import minilm_path

    model = SentenceTransformer(minilm_path(), device="cpu")
    model.max_seq_length = max_tokens
    with warnings.catch_warnings():  # the eager quantization API is deprecated, not removed, in torch 2.13
        warnings.simplefilter("ignore")
        return torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)


def embed(texts: list[str], max_tokens: int = 64) -> np.ndarray:
    """Unit-length float32 rows, one per text (cosine similarity is a dot product)."""
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    import torch

    with _lock:
        # One intra-op thread: on a shared 2-core machine two threads fight (measured 38 vs 12 ms/document).
        threads = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            # One text per forward pass: dynamic quantization scales activations per batch, so in
            # a batch a text's vector depended on its neighbours (up to 0.05 per component, enough
            # to turn a close route), and a redelivered batch could be routed otherwise. Alone,
            # a text always gets the same vector; it costs ~2 ms more per text.
            vectors = _model(max_tokens).encode(texts, batch_size=1, normalize_embeddings=True, show_progress_bar=False)
        finally:
            torch.set_num_threads(threads)
    return np.asarray(vectors, dtype=np.float32)
