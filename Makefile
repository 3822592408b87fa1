# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test test-fast lint bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,sim]'
	touch $(STAMP)

PORT ?= 8000

# The server, on 127.0.0.1:$(PORT) with the SQLite file parlour.db; Ctrl-C stops it.
run: $(STAMP)
	$(BIN)/parlour serve --host 127.0.0.1 --port $(PORT) --db sqlite:///parlour.db

# The terminal program: a game of Fearless against bots; Ctrl-C saves the game and quits.
play: $(STAMP)
	$(BIN)/parlour play fearless --players 4 --seat 0 --bots medium || test $$? -eq 130

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

test: lint
	bash scripts/test-setup.sh
	$(BIN)/pytest -n 2

test-fast: lint
	$(BIN)/pytest -n 2 -m "not slow"

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench,rl]'
	$(BIN)/python benchmarks/speed.py
	$(BIN)/python benchmarks/search.py
	$(BIN)/python benchmarks/fast.py
	$(BIN)/python benchmarks/rl.py
	$(BIN)/python benchmarks/load.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
