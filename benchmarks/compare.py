"""Compare two checkouts on CPU time, interleaved: is a change within 5% of the code before it?

Usage: ``.venv/bin/python benchmarks/compare.py BASE NEW [--rounds N]``, where BASE and NEW
are source trees (for example ``git archive main | tar -x -C /tmp/base``). Two long-lived
child processes, one on each tree, measure the same fixed work (random playouts, ``clone``,
``view``, ``determinize`` and ISMCTS iterations from the same positions) in small chunks,
alternating chunk by chunk. Each keeps the least CPU time (``time.process_time``) of every
measurement: CPU time leaves out the time a child waits while other processes run, and the
minimum over interleaved chunks leaves out chunks slowed by contention, so the ratio holds
on a busy shared machine where wall-clock figures swing by a factor of two. Each round puts
both children on the same processor (the next one each round, where the system allows it),
so that neither keeps a core that a neighbour's work slows more than the other's.

``benchmarks/compare.py --results BASE.json NEW.json`` compares two summaries written by
``benchmarks/speed.py --json`` (``make bench`` writes ``benchmarks/results.json``) instead:
every figure of both, and how many times faster NEW is. Figures of two runs are only as
comparable as the runs' loads (both files record theirs); the ratios to OpenSpiel's Hearts
(``x Hearts``), measured inside each run, hold up better.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

GAMES = {"fearless": (3, 4, 5), "citadels": (2, 4, 7), "foolsblade": (2, 4, 6)}
# Fool's Blade's `hard` search plays heuristic playouts, seconds for one measurement.
SEARCHED = (("fearless", 4), ("citadels", 2), ("citadels", 4))
SEARCH_ITERATIONS = 150
METRICS = [
    *(
        f"{kind} {game} {players}"
        for game, counts in GAMES.items()
        for players in counts
        for kind in ("decisions", "clone", "view", "determinize")
    ),
    *(
        f"search {game} {players} {label}"
        for game, players in SEARCHED
        for label in ("random", "hard")
    ),
]


class Measurer:
    """The child's side: the sample states and positions of one tree, and the measurements."""

    def __init__(self, tree: Path) -> None:
        # Imported here, in the child, so that PYTHONPATH picks the tree's own parlour.
        sys.path.insert(0, str(tree / "benchmarks"))
        self.parlour = importlib.import_module("parlour")
        self.rng_type = importlib.import_module("parlour.core").Rng
        self.bot_type = importlib.import_module("parlour.bots.ismcts").IsmctsBot
        levels = importlib.import_module("parlour.bots.levels")
        self.hard = {
            game: {k: v for k, v in levels.hard_settings(game).items() if k != "iterations"}
            for game in GAMES
        }
        positions = importlib.import_module("search").positions
        self.samples = {
            (game, players): self._samples(game, players)
            for game, counts in GAMES.items()
            for players in counts
        }
        self.positions = {
            (game, players): positions(game, players, 4) for game, players in SEARCHED
        }

    def _samples(self, game: str, players: int) -> list[Any]:
        """About 40 states from across four random games."""
        out = []
        rng = self.rng_type(7)
        for seed in range(4):
            state = self.parlour.load(game).new_game(players, seed=seed)
            step = 0
            while not state.is_over:
                if step % 9 == 0:
                    out.append(state.clone())
                actions = state.legal_actions()
                state.apply(actions[rng.below(len(actions))])
                step += 1
        return out[:40]

    def measure(self, metric: str) -> float:
        """CPU microseconds per decision, call or search iteration."""
        kind, game, count, *rest = metric.split()
        players = int(count)
        began = time.process_time()
        if kind == "decisions":
            rng = self.rng_type(3)
            decisions = 0
            for seed in range(3 if game == "fearless" else 1):
                state = self.parlour.load(game).new_game(players, seed=seed)
                while not state.is_over:
                    actions = state.legal_actions()
                    state.apply(actions[rng.below(len(actions))])
                    decisions += 1
            return (time.process_time() - began) / decisions * 1e6
        if kind == "search":
            settings = self.hard[game] if rest == ["hard"] else {}
            positions = self.positions[(game, players)]
            for number, state in enumerate(positions):
                self.bot_type(seed=number, iterations=SEARCH_ITERATIONS, **settings).search(state)
            return (time.process_time() - began) / (SEARCH_ITERATIONS * len(positions)) * 1e6
        states = self.samples[(game, players)]
        repeats = 20 if kind == "clone" else 2
        for _ in range(repeats):
            for state in states:
                if kind == "clone":
                    state.clone()
                elif kind == "view":
                    state.view(0)
                else:
                    state.determinize(0, 11)
        return (time.process_time() - began) / (repeats * len(states)) * 1e6


def child_main(tree: Path) -> None:
    """Answer one measurement a line of standard input, after a line "ready"."""
    measurer = Measurer(tree)
    print("ready", flush=True)
    for line in sys.stdin:
        print(json.dumps(measurer.measure(line.strip())), flush=True)


class Child:
    """The parent's side: a process measuring on one source tree."""

    def __init__(self, tree: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--child", str(tree)],
            env={"PYTHONPATH": str(tree / "src")},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        if self._read().strip() != "ready":
            raise SystemExit(f"the child on {tree} did not start")

    def _read(self) -> str:
        stdout: IO[str] | None = self.process.stdout
        assert stdout is not None
        return stdout.readline()

    def ask(self, metric: str) -> float:
        """The child's CPU microseconds for one chunk of ``metric``."""
        stdin: IO[str] | None = self.process.stdin
        assert stdin is not None
        stdin.write(metric + "\n")
        stdin.flush()
        return float(json.loads(self._read()))

    def close(self) -> None:
        """End the child."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def compare_results(base_path: Path, new_path: Path) -> None:
    """Print the figures of two ``speed.py --json`` summaries and how much faster NEW is."""
    runs = []
    for path in (base_path, new_path):
        try:
            runs.append(json.loads(path.read_text()))
        except (OSError, ValueError) as error:
            raise SystemExit(f"cannot read {path} as a results file: {error}") from None
    base, new = runs
    for label, run in (("base", base), ("new", new)):
        load = ", ".join(str(x) for x in run.get("load_average", []))
        print(f"{label}: commit {run.get('commit')}, {run.get('date')}, load average {load}")
    print("\n| subject | figure | base | new | times faster |\n|---|---|---|---|---|")
    for subject, figures in new["subjects"].items():
        before = base["subjects"].get(subject, {})
        for figure, value in figures.items():
            old = before.get(figure)
            if old is None or not old or not value:
                continue
            # Times (µs) are better lower, rates (/s) and ratios better higher.
            faster = old / value if figure.endswith("µs") else value / old
            print(f"| {subject} | {figure} | {old:,.2f} | {value:,.2f} | x{faster:.2f} |")


def main() -> None:
    """Print each measurement's least CPU time on both trees and their ratio."""
    if sys.argv[1:2] == ["--child"]:
        child_main(Path(sys.argv[2]))
        return
    if sys.argv[1:2] == ["--results"]:
        if len(sys.argv) != 4:
            raise SystemExit("usage: compare.py --results BASE.json NEW.json")
        compare_results(Path(sys.argv[2]), Path(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path, help="the source tree to compare against")
    parser.add_argument("new", type=Path, help="the source tree of the change")
    parser.add_argument("--rounds", type=int, default=12, help="chunks per measurement and tree")
    parser.add_argument("--only", default="", help="measure only what contains this text")
    args = parser.parse_args()
    metrics = [metric for metric in METRICS if args.only in metric]
    children = {"base": Child(args.base), "new": Child(args.new)}
    best: dict[str, dict[str, float]] = {"base": {}, "new": {}}
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    for number in range(args.rounds):
        if cpus:
            for child in children.values():
                os.sched_setaffinity(child.process.pid, {cpus[number % len(cpus)]})
        order = ("base", "new") if number % 2 == 0 else ("new", "base")
        for metric in metrics:
            for which in order:
                value = children[which].ask(metric)
                best[which][metric] = min(best[which].get(metric, value), value)
        print(f"round {number + 1} of {args.rounds}", flush=True)
    print("\n| measurement (CPU µs) | base | new | new / base |\n|---|---|---|---|")
    for metric in metrics:
        base, new = best["base"][metric], best["new"][metric]
        print(f"| {metric} | {base:.2f} | {new:.2f} | {new / base:.3f} |")
    for child in children.values():
        child.close()


if __name__ == "__main__":
    main()
