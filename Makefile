# Two commands for a fresh machine: `make play` and `make test`.
# Both build .venv when it is missing, from the locks in requirements/ (exact versions with
# hashes), so a new upstream release never changes a fresh clone. `make lock` refreshes them
# from pyproject.toml (whose ranges stay what `pip install .` and pipx use).
# `make wheel-smoke` (CI runs it after `make test`) installs a built wheel into a fresh venv
# outside the checkout and runs it: --version, one engine game, the app in every theme.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCKS := requirements/build.lock requirements/dev.lock
# the uv that writes the locks (`make lock` only; installing from them needs pip alone)
UV_VERSION := 0.13.9
# pip's own chatter (and setuptools' editable-install notice) goes to this log, shown on failure
INSTALL_LOG := $(VENV)/install.log

# one pytest worker more than cores: a fresh-clone run kept 1.5 of 2 cores busy (the
# rest waits on subprocesses, sockets and browsers); worksteal evens out the long tail
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) + 1 )))

.PHONY: play test lint bench clean wheel-smoke lock catalogs

$(STAMP): pyproject.toml $(LOCKS)
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	@echo "Installing the locked development environment into $(VENV) (log: $(INSTALL_LOG))"
	@{ $(BIN)/python -m pip install --require-hashes -r requirements/build.lock \
	  && $(BIN)/python -m pip install --require-hashes -r requirements/dev.lock \
	  && $(BIN)/python -m pip install --no-deps --no-build-isolation -e . ; } \
	  > $(INSTALL_LOG) 2>&1 || { cat $(INSTALL_LOG); exit 1; }
	touch $(STAMP)

# Refresh both locks from pyproject.toml's ranges (newest releases that fit), with hashes.
lock: $(STAMP)
	$(BIN)/python -m pip install -q 'uv==$(UV_VERSION)'
	$(BIN)/uv pip compile requirements/build.in --generate-hashes --universal \
	  --python-version 3.11 -o requirements/build.lock
	$(BIN)/uv pip compile pyproject.toml --extra dev --generate-hashes --universal \
	  --python-version 3.11 -o requirements/dev.lock

play: $(STAMP)
	$(BIN)/prtui

test: $(STAMP)
	$(BIN)/ruff check prtui server tests .ci
	$(BIN)/lint-imports
	$(BIN)/python -m server.tools.import_cycles
	$(BIN)/mypy
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal --durations=20

lint: $(STAMP)
	$(BIN)/ruff check prtui server tests .ci
	$(BIN)/lint-imports
	$(BIN)/python -m server.tools.import_cycles
	$(BIN)/mypy

wheel-smoke:
	PY=$(PY) bash .ci/wheel-smoke

# Extract every marked text, bring each language's catalog up to it and compile it
# (server/tools/catalogs.py; docs/translating.md). The compiled .mo files are kept in git.
catalogs: $(STAMP)
	$(BIN)/python -m server.tools.catalogs

bench: $(STAMP)
	$(BIN)/python -m server.tools.benchmarks --write docs/benchmarks.md

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache
