# Two commands matter: `make demo` and `make test`. Both build .venv by themselves.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Numba caches compiled kernels next to the package; keep them in the venv instead.
export NUMBA_CACHE_DIR := $(CURDIR)/$(VENV)/numba-cache
export POKERLAB_CACHE_DIR ?= $(CURDIR)/$(VENV)/pokerlab-cache

.PHONY: demo test test-slow bench lint venv clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "need $(PYTHON) on PATH"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,bench,web,ray]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m pokerlab.demo

# The browser tests drive Debian's Chromium (Playwright's own browser download cannot work
# here); installed once, only when missing.
CHROMIUM := /usr/bin/chromium
$(CHROMIUM):
	@echo "installing Debian's chromium for the browser tests (once)"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null

test: $(STAMP) $(CHROMIUM)
	$(BIN)/ruff check src tests benchmarks conftest.py
	$(BIN)/pytest -m "not slow" -n 2 -q

test-slow: $(STAMP)
	$(BIN)/pytest -m slow -q

bench: $(STAMP)
	@for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python $$b --json || exit 1; done

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks conftest.py

clean:
	rm -rf $(VENV) .pytest_cache build src/*.egg-info
