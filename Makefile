# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What serving needs (the package and the PostgreSQL driver), and everything (the tests' tools,
# the learning interfaces, the simulations): `make run` installs only the first.
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed

.PHONY: run play test test-long test-fast lint lock bench clean

# The versions `make run` installs are pinned, each file with its hash, in $(LOCK) (`make
# lock` writes it from pyproject.toml; docs/server.md, "The lock file"): a server installed
# next month runs what was tested today. Then the package itself, whose dependencies are in.
LOCK := requirements.lock

$(RUN_STAMP): pyproject.toml $(LOCK)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps -e '.[postgres]'
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,sim,postgres]'
	touch $(STAMP) $(RUN_STAMP)

PORT ?= 8000

# The server, on 127.0.0.1:$(PORT) with the SQLite file parlour.db; Ctrl-C stops it.
run: $(RUN_STAMP)
	$(BIN)/parlour serve --host 127.0.0.1 --port $(PORT) --db sqlite:///parlour.db

# The terminal program: a game of Fearless against bots; Ctrl-C saves the game and quits.
play: $(RUN_STAMP)
	$(BIN)/parlour play fearless --players 4 --seat 0 --bots medium || test $$? -eq 130

# $(LOCK) again from pyproject.toml: the pins kept where they still fit (pip-compile's way);
# `make lock LOCK_FLAGS=--upgrade` takes the newest versions that fit instead.
LOCK_FLAGS ?=
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet 'pip-tools>=7.4,<8'
	$(BIN)/pip-compile --quiet --generate-hashes --extra postgres --strip-extras \
		--no-emit-index-url --no-emit-find-links $(LOCK_FLAGS) --output-file $(LOCK) pyproject.toml

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

# Every test but the long statistical checks and long runs (marked `long`), on two processes
# that steal work from each other so that neither waits idle at the end; CI runs `test-long`
# after it (docs/testing.md).
test: lint
	bash scripts/test-setup.sh
	$(BIN)/pytest -n 2 --dist worksteal -m "not long" --durations=15

# The tests marked `long`: the rest of the random games, the strength comparisons, the
# backup and load runs. `make test` and `make test-long` together run every test.
test-long: $(STAMP)
	bash scripts/test-setup.sh
	$(BIN)/pytest -n 2 --dist worksteal -m long --durations=15

test-fast: lint
	$(BIN)/pytest -n 2 --dist worksteal -m "not slow and not long"

# The speed suite (docs/performance.md), about ten minutes; longer, steadier runs with for
# example `make bench BENCH_ROUNDS=5 BENCH_BURST=2`. Writes benchmarks/results.json;
# `benchmarks/compare.py --results OLD.json benchmarks/results.json` compares two runs.
BENCH_ROUNDS ?= 3
BENCH_BURST ?= 1.0
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench,rl]'
	$(BIN)/python benchmarks/speed.py --rounds $(BENCH_ROUNDS) --burst $(BENCH_BURST) --json benchmarks/results.json
	$(BIN)/python benchmarks/search.py --no-table --rounds 2
	$(BIN)/python benchmarks/fast.py --rounds $(BENCH_ROUNDS)
	$(BIN)/python benchmarks/rl.py --rounds $(BENCH_ROUNDS) --burst $(BENCH_BURST)
	$(BIN)/python benchmarks/load.py
	$(BIN)/python benchmarks/load.py --processes 2
	$(BIN)/python benchmarks/load.py --processes 2 --affinity

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
