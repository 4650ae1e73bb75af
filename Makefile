# Quick start:  make pnp   (set up, check and build the default game)
#               make test  (set up and run the tests)
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
INSTALL := $(VENV)/.installed
DEV     := $(VENV)/.installed-dev
STAMP   := $(VENV)/.compiled
GAME    ?=

.PHONY: pnp check test test-latest lock mutation lint bench schema golden clean

# Every install comes from the lock (requirements/*.txt: exact versions and their hashes), so a
# new release upstream cannot change what a fresh clone runs. `make lock` writes the lock anew;
# `make test-latest` runs the suite against the newest releases in a venv of its own.
LOCK_FLAGS := -q --require-hashes --no-deps
EDITABLE   := -q --no-deps --no-build-isolation -e .

$(INSTALL): pyproject.toml requirements/main.txt
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install $(LOCK_FLAGS) -r requirements/main.txt
	$(BIN)/pip install $(EDITABLE)
	touch $(INSTALL)

# The tools that test the code (pytest, ruff, mypy, ...) only where tests run, not for `make pnp`.
$(DEV): $(INSTALL) requirements/dev.txt
	$(BIN)/pip install $(LOCK_FLAGS) -r requirements/dev.txt
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
	$(BIN)/ruff check cardgen tests tools
	$(BIN)/mypy cardgen tools
	$(BIN)/pytest -n auto --dist loadscope

# The suite against the newest release of every dependency (nothing locked), in .venv-latest:
# a breaking release upstream is found here, on purpose, before it reaches the lock.
test-latest:
	rm -rf .venv-latest
	$(PY) -m venv .venv-latest
	.venv-latest/bin/pip install -q --upgrade pip
	.venv-latest/bin/pip install -q --upgrade -e '.[dev,xlsx]'
	.venv-latest/bin/pip list --format=freeze
	.venv-latest/bin/pytest -p no:cacheprovider -n auto --dist loadscope

# Write the lock anew from pyproject.toml (newest versions that fit its bounds).
LOCK_COMPILE := $(BIN)/pip-compile -q --generate-hashes --allow-unsafe --strip-extras \
                --no-emit-index-url --no-emit-find-links
lock: $(DEV)
	$(LOCK_COMPILE) --upgrade -o requirements/main.txt pyproject.toml requirements/build.in
	$(LOCK_COMPILE) --upgrade --extra dev --extra xlsx -o requirements/dev.txt \
	    pyproject.toml requirements/build.in requirements/dev.in

# mutmut on impose/, check/ and data/ (pyproject [tool.mutmut]), then the score of each package
# (goal: 80 % of mutants caught). Builds run in the test process (CARDGEN_JOBS=1) so that mutmut
# sees which tests reach which function. mutmut keeps its results in mutants/ and tests again
# only what changed; `rm -rf mutants` starts afresh. The seed rulebooks outside the repo are
# reached through a link, as the tests reach ../shared.
mutation: $(STAMP) $(DEV)
	@if [ -d ../shared ] && [ ! -e shared ]; then ln -s ../shared shared; fi
	@echo "mutmut run: a few minutes per package on 2 cores; its output goes to mutmut.log"
	PATH=$(abspath $(BIN)):$$PATH CARDGEN_JOBS=1 $(BIN)/mutmut run --max-children 2 > mutmut.log 2>&1 || { tail -30 mutmut.log; exit 1; }
	$(BIN)/python tools/mutation_score.py

# The golden records in tests/golden/: each seed game's faces and home-print plans as text (one
# line per shape, mark and label, in mm) and the sha256 of a few files a small deck builds to.
# tests/test_golden.py compares them and prints a unified diff of the first differences. Write
# them anew only for an intended output change, then review `git diff tests/golden/`.
golden: $(STAMP)
	$(BIN)/python tests/support/golden.py

bench: $(STAMP) $(DEV)
	$(BIN)/python bench/run.py

schema: $(STAMP)
	$(BIN)/cardgen schema

clean:
	rm -rf output/*/ $(VENV) .venv-latest
