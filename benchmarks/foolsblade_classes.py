"""Fool's Blade class win shares under `medium` play, per edition and table size: `hard`'s data.

Run ``.venv/bin/python benchmarks/foolsblade_classes.py --games 2000 --cards v1 v2 --players
2 3 4 5 6 --jobs 2``. Plays ``--games`` games of `medium` in every seat at each size and
edition (seeds ``--seed`` up). `medium` takes its class at random, so each seat-game is a
forced-class sample of that class against a random field: the same estimate as forcing the
class on one seat, at a fourteenth of the games. Writes, for each edition and size, every
class's win share (a shared win counts 1/k) as a multiple of the fair share, with its 95%
normal interval and seat-games, to ``--out`` (the TOML that `hard` reads at the class
choice: ``parlour/bots/data/foolsblade_classes.toml``), replacing the rows it measured.
"""

from __future__ import annotations

import argparse
import time
import tomllib
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

import parlour
from parlour import bots
from parlour.bots.classes import CLASS_DATA
from parlour.sim.stats import mean

HEADER = """\
# Fool's Blade: each class's win share under `medium` play (every seat `medium`, classes
# taken at random), as a multiple of the fair share (1 / players), with its 95% normal
# interval and the seat-games it was measured on; a shared win counts 1/k. `hard` takes the
# offered class with the highest share for its edition and table size (parlour.bots.classes).
# Written by benchmarks/foolsblade_classes.py; do not edit by hand.
"""


def play(task: tuple[int, int, str]) -> tuple[str, int, list[str], list[float]]:
    """One game of `medium` bots: its edition, size, each seat's class and returns."""
    seed, players, cards = task
    state = parlour.load("foolsblade").new_game(players, seed=seed, cards=cards)
    seats = [bots.make("medium", seed=seed * 16 + s) for s in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(seats[seat].choose(state))
    classes = list(state.view(None)["classes"])
    return cards, players, classes, state.returns()


def write(path: Path, measured: dict[str, dict[int, dict[str, Any]]]) -> None:
    """Merge ``measured`` (edition -> size -> figures) into the TOML at ``path``."""
    data: dict[str, Any] = tomllib.loads(path.read_text()) if path.exists() else {}
    for edition, sizes in measured.items():
        for players, figures in sizes.items():
            data.setdefault(edition, {})[str(players)] = figures
    lines = [HEADER]
    for edition in sorted(data):
        for players in sorted(data[edition], key=int):
            figures = data[edition][players]
            lines.append(f"\n[{edition}.{players}]")
            lines.append(f"games = {figures['games']}")
            lines.append(f"seed = {figures['seed']}")
            lines.append(f"measured = {figures['measured']!r}".replace("'", '"'))
            lines.append(f"\n[{edition}.{players}.classes]")
            lines.append("# class = [win share / fair, 95% low, 95% high, seat-games]")
            ranked = sorted(figures["classes"].items(), key=lambda kv: -kv[1][0])
            for name, (share, low, high, n) in ranked:
                lines.append(f"{name} = [{share:.3f}, {low:.3f}, {high:.3f}, {n}]")
    path.write_text("\n".join(lines) + "\n")


def main() -> None:
    """Play the games and write the shares."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per size and edition")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--cards", nargs="+", default=["v1", "v2"], help="editions")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=CLASS_DATA)
    args = parser.parse_args()
    tasks = [
        (args.seed + g, players, cards)
        for cards in args.cards
        for players in args.players
        for g in range(args.games)
    ]
    returns: dict[tuple[str, int], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    began = time.perf_counter()
    columns = (TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns) as progress, ProcessPoolExecutor(max_workers=args.jobs) as pool:
        bar = progress.add_task("games", total=len(tasks))
        for cards, players, classes, won in pool.map(play, tasks, chunksize=16):
            for chosen, share in zip(classes, won, strict=True):
                returns[(cards, players)][chosen].append(share)
            progress.advance(bar)
    stamp = time.strftime("%Y-%m-%d", time.gmtime())
    measured: dict[str, dict[int, dict[str, Any]]] = defaultdict(dict)
    for (cards, players), by_class in returns.items():
        fair = 1.0 / players
        figures = {}
        for name, values in by_class.items():
            found = mean(values)
            figures[name] = (found.value / fair, found.low / fair, found.high / fair, found.n)
        measured[cards][players] = {
            "games": args.games,
            "seed": args.seed,
            "measured": stamp,
            "classes": figures,
        }
    write(args.out, measured)
    print(f"{len(tasks)} games in {time.perf_counter() - began:.0f} s, written to {args.out}")


if __name__ == "__main__":
    main()
