"""The linker's encoder: the int8 ONNX MiniLM gives the float model's similarities (within the
linking margins), a name's vector does not depend on its batch, and an integrator that links
with embeddings never loads torch (its memory budget, issue 14)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from text2db.extractors.models import sentence_encoder
from text2db.integrators.embeddings import embed

NAMES = ["Christina Aguilera", "Aguilera, Christina", "AEK Athens F.C.", "AEK Athens FC", "Alan B. Miller Hall",
         "Alan B Miller Hall", "United States", "U.S.", "Beef kway teow", "Lotus", "Antwerp International Airport"]


def test_the_int8_encoder_gives_the_float_models_similarities() -> None:
    int8 = embed(NAMES)
    full = sentence_encoder().encode(NAMES, normalize_embeddings=True)
    assert int8.shape == (len(NAMES), 384) and np.allclose(np.linalg.norm(int8, axis=1), 1.0, atol=1e-4)
    assert np.abs(int8 @ int8.T - full @ full.T).max() < 0.03
    ranks = np.argsort(-(int8 @ int8.T), axis=1)[:, 1]  # each name's nearest other name
    assert (ranks == np.argsort(-(full @ full.T), axis=1)[:, 1]).mean() >= 0.9


def test_a_names_vector_does_not_depend_on_the_other_names_of_its_batch() -> None:
    from text2db.minilm_int8 import encode

    alone = np.stack([encode([name])[0] for name in NAMES[:4]])
    assert np.allclose(encode(NAMES[:4]), alone, atol=1e-5)
    assert np.allclose(encode(NAMES[:2] + ["a much longer text about a football club and its ground"])[:2], alone[:2], atol=1e-5)


def test_linking_with_embeddings_does_not_load_torch() -> None:
    script = (
        "import sys\n"
        "from text2db.integrators.link import ValueMemory\n"
        "import text2db.integrators.pipeline\n"
        "memory = ValueMemory()\n"
        "memory.add('Christina Aguilera', (1,))\n"
        "memory.add('Justin Timberlake', (2,))\n"
        "print(memory.link('Aguilera, Christina', use_embeddings=True).method)\n"
        "print('torch' in sys.modules, 'sentence_transformers' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] in ("embedding", "ambiguous") and out[1] == "False False"
