"""Fool's Blade `hard`: its class choices, and its CPU a decision in random games' CPU.

Run ``.venv/bin/python benchmarks/foolsblade_hard.py --deals 50 --positions 40``.

- Class choices: on ``--deals`` 4-player deals (seeds ``--seed`` up) `hard` holds seat 0
  and three `medium` the others; the classes chosen, and how often `hard` chose first (every
  class free).
- Cost: ``--positions`` decisions with a real choice, every 25th of 4-player `medium` games
  (the games' first decision, the class choice, included, as in
  ``foolsblade_levels.cpu_per_decision``), each timed by the process's CPU clock and followed
  by one random 4-player game timed the same way, so that both share the machine's state;
  printed as the ratio of the means with its 95% interval (``parlour.sim.stats.ratio``), by
  kind of decision. ``--settings key=value ...`` overrides `hard`'s settings; given more than
  once, each is a variant timed on the same positions (``--settings measured=false
  indifference=0 --settings``: `hard` before issue 34 beside `hard` as shipped).
- ``--instructions``: the same positions' decisions counted in instructions under
  ``valgrind --tool=callgrind`` against as many random 4-player games, which the machine's
  load does not change: one run of this script under callgrind finds the positions only,
  one also makes every decision (a run a variant), one also plays the random games; the
  first run's count is subtracted from the others, and the ratio of the totals is printed.
  Valgrind runs Python some 50 times slower: 20 positions take several minutes.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import parlour
from parlour import bots
from parlour.core import Rng, State
from parlour.sim.stats import ratio


def random_game_seconds(seed: int) -> float:
    """The CPU seconds of one random 4-player game."""
    rng = Rng(seed)
    start = time.process_time()
    state = parlour.load("foolsblade").new_game(4, seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return time.process_time() - start


def kind_of(state: State) -> str:
    """What a decision is about, by the verbs of its legal actions."""
    verbs = {action.text.split(" ")[0] for action in state.legal_actions()}
    if "choose" in verbs:
        return "class"
    if verbs & {"forge", "quest", "hunt", "equip", "fight"}:
        return "main step"
    if verbs & {"take", "reforge"}:
        return "forge"
    if verbs & {"play", "use"}:
        return "window"
    return "a card to name"


def class_choices(deals: int, seed: int, settings: dict[str, Any]) -> None:
    """Print the classes `hard` chose in seat 0 of ``deals`` 4-player deals."""
    chosen: Counter[str] = Counter()
    free: Counter[str] = Counter()
    for deal in range(seed, seed + deals):
        state = parlour.load("foolsblade").new_game(4, seed=deal)
        hard = bots.make("hard", seed=deal, **settings)
        others = [bots.make("medium", seed=deal * 8 + s) for s in range(4)]
        while state.current_player != 0 or "choose" not in state.legal_actions()[0].text:
            seat = state.current_player
            assert seat is not None
            state.apply(others[seat].choose(state))
        first = len(state.legal_actions()) == len(state.table.classes)
        name = hard.choose(state).text.split(" ")[1]
        chosen[name] += 1
        if first:
            free[name] += 1
    print(f"class choices over {deals} deals (seat 0 of 4, seeds {seed} up):")
    for name, count in chosen.most_common():
        print(f"- {name}: {count} (free choice: {free[name]})")


def cost(positions: int, seed: int, variants: list[dict[str, Any]]) -> None:
    """Print each variant of `hard`'s CPU a real decision against a random 4-player game's,
    on the same positions, by kind of decision."""
    spent: list[dict[str, list[float]]] = [defaultdict(list) for _ in variants]
    games: dict[str, list[float]] = defaultdict(list)
    found = 0
    game = 0
    while found < positions:
        state = parlour.load("foolsblade").new_game(4, seed=seed + game)
        seats = [bots.make("medium", seed=seed + game * 8 + s) for s in range(4)]
        hards = [bots.make("hard", seed=seed + game, **settings) for settings in variants]
        step = 0
        while not state.is_over and found < positions:
            seat = state.current_player
            assert seat is not None
            if len(state.legal_actions()) > 1 and step % 25 == 0:
                kind = kind_of(state)
                for bot, times in zip(hards, spent, strict=True):
                    start = time.process_time()
                    bot.choose(state)
                    times[kind].append(time.process_time() - start)
                games[kind].append(random_game_seconds(seed * 1000 + found))
                found += 1
            step += 1
            state.apply(seats[seat].choose(state))
        game += 1
    print(f"load average {os.getloadavg()[0]:.1f}, {positions} positions, seed {seed}")
    print(
        "| hard settings | decisions | count | CPU s a decision | random games a decision (95%) |"
    )
    print("| --- | --- | --- | --- | --- |")
    for settings, times in zip(variants, spent, strict=True):
        label = " ".join(f"{k}={v}" for k, v in settings.items()) or "as shipped"
        for kind in [*sorted(times), "all"]:
            xs = [x for k in times for x in times[k]] if kind == "all" else times[kind]
            ys = [y for k in games for y in games[k]] if kind == "all" else games[kind]
            found_ratio = ratio(xs, ys)
            print(
                f"| {label} | {kind} | {len(xs)} | {sum(xs) / len(xs):.3f} "
                f"| {found_ratio.value:.2f} ({found_ratio.low:.2f}-{found_ratio.high:.2f}) |"
            )


def positions_of(positions: int, seed: int) -> list[tuple[State, int]]:
    """The decisions ``cost`` times, with each one's game number: every 25th with a real
    choice of 4-player `medium` games."""
    found: list[tuple[State, int]] = []
    game = 0
    while len(found) < positions:
        state = parlour.load("foolsblade").new_game(4, seed=seed + game)
        seats = [bots.make("medium", seed=seed + game * 8 + s) for s in range(4)]
        step = 0
        while not state.is_over and len(found) < positions:
            seat = state.current_player
            assert seat is not None
            if len(state.legal_actions()) > 1 and step % 25 == 0:
                found.append((state.clone(), game))
            step += 1
            state.apply(seats[seat].choose(state))
        game += 1
    return found


def part(name: str, positions: int, seed: int, settings: dict[str, Any]) -> None:
    """One run counted under callgrind: the positions, then (``decide``) `hard`'s decision
    at each, or (``random``) one random 4-player game each."""
    found = positions_of(positions, seed)
    if name == "decide":
        for state, game in found:
            bots.make("hard", seed=seed + game, **settings).choose(state)
    elif name == "random":
        for number in range(len(found)):
            random_game_seconds(seed * 1000 + number)


def counted(name: str, positions: int, seed: int, pairs: list[str]) -> int:
    """The instructions of one ``part`` run of this script under callgrind."""
    with tempfile.TemporaryDirectory(prefix="foolsblade-hard-") as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command += [sys.executable, __file__, "--part", name, "--positions", str(positions)]
        command += ["--seed", str(seed), "--settings", *pairs]
        subprocess.run(command, check=True, capture_output=True)
        return int(re.findall(r"^(?:summary|totals): (\d+)", out.read_text(), re.M)[-1])


def instructions(positions: int, seed: int, groups: list[list[str]]) -> None:
    """Print each variant's instructions a decision in random 4-player games' instructions."""
    setup = counted("setup", positions, seed, [])
    games = counted("random", positions, seed, []) - setup
    print(f"{positions} positions, seed {seed}: a random 4-player game {games / positions:.3g}")
    print("| hard settings | instructions a decision | random games a decision |")
    print("| --- | --- | --- |")
    for pairs in groups:
        spent = counted("decide", positions, seed, pairs) - setup
        label = " ".join(pairs) or "as shipped"
        print(f"| {label} | {spent / positions:.3g} | {spent / games:.2f} |")


def parse(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` settings, numbers and booleans read as such."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        value: Any = text
        if text in ("true", "false"):
            value = text == "true"
        else:
            for kind in (int, float):
                try:
                    value = kind(text)
                    break
                except ValueError:
                    pass
        out[key] = value
    return out


def main() -> None:
    """Measure what the options ask."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=0, help="deals for the class choices")
    parser.add_argument("--positions", type=int, default=0, help="decisions for the cost")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--settings",
        nargs="*",
        action="append",
        help="hard's settings, key=value; repeated: variants timed on the same positions",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count the cost's instructions under callgrind instead of timing it",
    )
    parser.add_argument("--part", choices=("setup", "decide", "random"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    groups = args.settings or [[]]
    variants = [parse(group) for group in groups]
    if args.part:
        part(args.part, args.positions, args.seed, variants[0])
        return
    if args.instructions:
        print(f"load average {os.getloadavg()[0]:.1f}")
        instructions(args.positions, args.seed, groups)
        return
    if args.deals:
        class_choices(args.deals, args.seed, variants[0])
    if args.positions:
        cost(args.positions, args.seed, variants)


if __name__ == "__main__":
    main()
