# cetate: every target builds .venv itself on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test bench lint clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/cetate serve --host 127.0.0.1 --port 8000 --data-dir data

play: $(STAMP)
	$(BIN)/cetate play citadels --players 4 --seat 0 --bots citadels-heuristic

test: $(STAMP)
	$(BIN)/ruff check src tests examples
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/cetate bench citadels

lint: $(STAMP)
	$(BIN)/ruff check src tests examples

clean:
	rm -rf $(VENV) build dist src/*.egg-info
