"""Fool's Blade balance with heuristic bots: do games end, how long, which classes and seats win.

Run ``.venv/bin/python benchmarks/foolsblade_balance.py --games 2000 --players 4 --jobs 2``.
Every seat is the heuristic bot (it chooses its class at random). Printed, with 95% intervals:
- how many games ended on their own (a turn ended with the Loot deck empty) rather than at
  the ``max_turns`` cap, and the length in turns (median, quartiles, the longest);
- each class's win share when played (a shared win counts 1/k), against the fair share
  1/players: the target is at most twice fair;
- the win share of the seat that plays first (chosen by the d20 roll-off) and of seat 0:
  the target is within 5 points of fair.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import parlour
from parlour import bots


def play(task: tuple[int, int, dict[str, Any]]) -> dict[str, Any]:
    """One game of heuristic bots: its length, how it ended, each seat's class and return."""
    seed, players, options = task
    state = parlour.load("foolsblade").new_game(players, seed=seed, **options)
    seats = [bots.make("heuristic", seed=seed * 16 + s) for s in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(seats[seat].choose(state))
    view = state.view(None)
    return {
        "turns": view["turn"],
        "own_end": view["decks"]["loot"] == 0,
        "classes": view["classes"],
        "first": view["first_player"],
        "returns": state.returns(),
        "scores": state.scores(),
    }


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion."""
    if trials == 0:
        return math.nan, math.nan
    z = 1.96
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return centre - half, centre + half


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """A mean with its 95% normal interval."""
    n = len(values)
    mean = sum(values) / n
    sd = statistics.pstdev(values) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--side-quest", action="store_true", help="play the Side Quest variant")
    args = parser.parse_args()
    options = {"side_quest": True} if args.side_quest else {}
    tasks = [(args.seed + g, args.players, options) for g in range(args.games)]
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(play, tasks, chunksize=8))
    elapsed = time.perf_counter() - began
    n = len(results)
    fair = 1 / args.players
    own = sum(r["own_end"] for r in results)
    low, high = wilson(own, n)
    turns = sorted(r["turns"] for r in results)
    quartiles = statistics.quantiles(turns, n=4)
    print(f"{n} games, {args.players} players, heuristic bots, {elapsed:.0f} s")
    print(f"ended on their own: {own}/{n} = {own / n:.1%} (95% CI {low:.1%}-{high:.1%})")
    print(
        f"length in turns: median {statistics.median(turns):.0f}, quartiles "
        f"{quartiles[0]:.0f}-{quartiles[2]:.0f}, shortest {turns[0]}, longest {turns[-1]}; "
        f"rounds (median): {statistics.median(turns) / args.players:.1f}"
    )
    by_class: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, chosen in enumerate(r["classes"]):
            by_class[chosen].append(r["returns"][seat])
    print(f"\nclass win share when played (fair {fair:.1%}, target at most {2 * fair:.1%}):")
    print("| class | games | win share | 95% CI | x fair |")
    print("|---|---|---|---|---|")
    for chosen, values in sorted(by_class.items(), key=lambda kv: -sum(kv[1]) / len(kv[1])):
        mean, lo, hi = mean_interval(values)
        print(f"| {chosen} | {len(values)} | {mean:.1%} | {lo:.1%}-{hi:.1%} | {mean / fair:.2f} |")
    first = [r["returns"][r["first"]] for r in results]
    seat0 = [r["returns"][0] for r in results]
    print(f"\nseat win shares (fair {fair:.1%}, target within 5 points):")
    for label, values in (("first player (d20 roll-off)", first), ("seat 0", seat0)):
        mean, lo, hi = mean_interval(values)
        print(
            f"- {label}: {mean:.1%} (95% CI {lo:.1%}-{hi:.1%}), {100 * (mean - fair):+.1f} points"
        )
    order = defaultdict(list)
    for r in results:
        for seat in range(args.players):
            order[(seat - r["first"]) % args.players].append(r["returns"][seat])
    shares = ", ".join(f"{k + 1}: {sum(v) / len(v):.1%}" for k, v in sorted(order.items()))
    print(f"- by place in turn order: {shares}")
    scores = [s for r in results for s in r["scores"]]
    print(
        f"\nmean score {sum(scores) / len(scores):.1f}, mean winning score "
        f"{statistics.mean(max(r['scores']) for r in results):.1f}"
    )


if __name__ == "__main__":
    main()
