# Quick start:  make pnp   (set up, check and build the default game)
#               make test  (set up and run the tests)
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
INSTALL := $(VENV)/.installed
DEV     := $(VENV)/.installed-dev
STAMP   := $(VENV)/.compiled
GAME    ?=

.PHONY: pnp check test lint bench schema clean

$(INSTALL): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e .
	touch $(INSTALL)

# The tools that test the code (pytest, ruff, mypy, ...) only where tests run, not for `make pnp`.
$(DEV): $(INSTALL)
	$(BIN)/pip install -q -e '.[dev]'
	touch $(DEV)

# PYTHONDONTWRITEBYTECODE would leave cardgen compiled anew on every run: write the .pyc
# files explicitly (they are still read), again whenever a module changes.
$(STAMP): $(INSTALL) $(shell find cardgen -name '*.py')
	$(BIN)/python -m compileall -q cardgen
	touch $(STAMP)

pnp: $(STAMP)
	$(BIN)/cardgen build $(GAME)

check: $(STAMP)
	$(BIN)/cardgen check $(GAME)

test: $(STAMP) $(DEV)
	$(BIN)/ruff check cardgen tests
	$(BIN)/mypy cardgen
	$(BIN)/pytest

bench: $(STAMP) $(DEV)
	$(BIN)/python bench/run.py

schema: $(STAMP)
	$(BIN)/cardgen schema

clean:
	rm -rf output/*/ $(VENV)
