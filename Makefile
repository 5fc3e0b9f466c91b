# cetate: every target builds .venv itself on a fresh machine; the JavaScript checks install node_modules (npm ci)
# from package-lock.json. `make run` and `make play` need no node: the browser client is plain ES modules.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
JS_TESTS := tests/js/*.test.js

.PHONY: run play test test-js bench bench-compare lint lint-js clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# ESLint and its parser, pinned by package-lock.json (npm ci: exactly the locked versions)
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

run: $(STAMP)
	$(BIN)/cetate serve --host 127.0.0.1 --port 8000 --data-dir data

play: $(STAMP)
	$(BIN)/cetate play citadels --players 4 --seat 0 --bots citadels-heuristic

test: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests examples tools
	node_modules/.bin/eslint
	node --test $(JS_TESTS)
	$(BIN)/python -m pytest

# the browser client's unit tests alone (node's test runner)
test-js: $(NODE_STAMP)
	node --test $(JS_TESTS)

bench: $(STAMP)
	$(BIN)/cetate bench citadels

# the engine benchmarks of the working tree against revision BASE, in alternation, with ratios
# (make bench-compare BASE=HEAD~1 CASES="citadels gates"; tools/bench_compare.py --help for more)
BASE ?= HEAD
CASES ?=
bench-compare: $(STAMP)
	$(BIN)/python tools/bench_compare.py --base $(BASE) $(foreach c,$(CASES),--case $(c)) $(ARGS)

lint: $(STAMP) lint-js
	$(BIN)/ruff check src tests examples tools

lint-js: $(NODE_STAMP)
	node_modules/.bin/eslint

clean:
	rm -rf $(VENV) build dist src/*.egg-info node_modules
