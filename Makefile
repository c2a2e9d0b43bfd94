# Two commands for a fresh machine: `make play` and `make test`.
# Both build .venv from pyproject.toml when it is missing.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/prtui

test: $(STAMP)
	$(BIN)/ruff check prtui server tests
	$(BIN)/lint-imports
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check prtui server tests
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/python -m server.tools.benchmarks --write docs/benchmarks.md

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
