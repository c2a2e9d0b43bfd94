# Two commands for a fresh machine: `make play` and `make test`.
# Both build .venv from pyproject.toml when it is missing.
# `make wheel-smoke` (CI runs it after `make test`) installs a built wheel into a fresh venv
# outside the checkout and runs it: --version, one engine game, the app in every theme.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean wheel-smoke

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/prtui

test: $(STAMP)
	$(BIN)/ruff check prtui server tests .ci
	$(BIN)/lint-imports
	$(BIN)/python -m server.tools.import_cycles
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto

lint: $(STAMP)
	$(BIN)/ruff check prtui server tests .ci
	$(BIN)/lint-imports
	$(BIN)/python -m server.tools.import_cycles
	$(BIN)/mypy

wheel-smoke:
	PY=$(PY) bash .ci/wheel-smoke

bench: $(STAMP)
	$(BIN)/python -m server.tools.benchmarks --write docs/benchmarks.md

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache
