# Two commands matter: `make demo` and `make test`. Both build .venv by themselves.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# pip without its chatter (progress, version nags, "Requirement already satisfied"); errors still show.
PIP := pip install --quiet --quiet --disable-pip-version-check --no-input --progress-bar off
# Compiled kernels and tables live in the one cache folder pokerlab resolves by itself
# ($POKERLAB_CACHE_DIR, else ~/.cache/pokerlab; see src/pokerlab/_cache.py), so a direct
# .venv/bin/pokerlab finds what `make demo` and `make test` compiled. `make cache-dir` prints it.

.PHONY: demo test test-slow bench lint venv clean cache-dir docs

venv: $(STAMP)

# pip compiles every file's bytecode at install (30 s of a fresh clone's run); kept, since with
# PYTHONDONTWRITEBYTECODE set (as here) --no-compile left every process compiling its imports.
$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "need $(PYTHON) on PATH"; exit 1; }
	@echo "installing pokerlab and its test tools into $(VENV) (once; a few minutes)"
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/$(PIP) --upgrade pip
	@$(BIN)/$(PIP) -e '.[test,bench,web,ray,learn,docs]'
	@touch $(STAMP)

demo: $(STAMP)
	@$(BIN)/python -m pokerlab.demo

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

# The manual as a site in site/ (MkDocs: the pages of docs/ and the code's docstrings); --strict
# fails on a broken link or a missing page. The docs extra comes with the venv.
docs: $(STAMP)
	@test -x $(BIN)/mkdocs || $(BIN)/$(PIP) -e '.[docs]'
	@NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet
	@echo "the manual is in site/index.html"

cache-dir: $(STAMP)
	@$(BIN)/python -c 'from pokerlab._cache import cache_root, numba_cache_dir as n; print(cache_root()); print(n())'

clean:
	rm -rf $(VENV) .pytest_cache build site src/*.egg-info
