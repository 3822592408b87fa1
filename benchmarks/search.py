"""ISMCTS speed for every game: iterations a second, and seconds a decision at 1,000 iterations.

Run: ``.venv/bin/python benchmarks/search.py [--positions N] [--iterations N]``. The search
runs from positions spread evenly over one random game (decisions with a real choice only),
so early positions with long playouts and late ones with short playouts both count.

Then, when OpenSpiel is installed (the ``bench`` extra), Fearless at 4 players with random
playouts cut at 52 actions (one by one, and batched with ``batch=``) is measured against
OpenSpiel's C++ ISMCTS on Hearts (random rollouts to the end of the deal), every search of
``hard``'s size (8,000 iterations), in rounds taken in turn, the best round of each kept,
and the ratios printed (``--rounds``; ``--rounds 0`` skips it).

Every figure is processor time (``time.process_time``), not wall time: on a shared machine
a search's wall time counts the other processes' turns, and the Python search and the C++
one do not lose the same share of it, so wall-time ratios swung from x0.30 to x0.65 with
the load alone (docs/performance.md). The load average is printed beside the ratios.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from rich.console import Console
from rich.table import Table

import parlour
from parlour.bots.ismcts import IsmctsBot
from parlour.bots.levels import hard_settings
from parlour.core import Rng, State

# Target from issue 4: Fearless, 4 players, random rollouts (OpenSpiel's Python ISMCTS on
# Hearts: about 4,300 a second here; its C++ one about 58,000).
TARGETS = {("fearless", 4): 13_000}
# Issue 13: batched Fearless search at least half OpenSpiel's C++ ISMCTS on Hearts.
HEARTS_RATIO_TARGET = 0.5
BATCH = 1024
SMALL_BATCH = 256  # fresher trees, more NumPy calls an iteration
CUT = 52
# The comparison searches as ``hard`` does in Fearless: 8,000 iterations a decision.
COMPARE_ITERATIONS = hard_settings("fearless")["iterations"]
PLAYERS = {"citadels": (2, 4), "fearless": (4,)}


def positions(game: str, players: int, count: int, seed: int = 1) -> list[State]:
    """``count`` states spread evenly over one random game, each with a choice to make."""
    state = parlour.load(game).new_game(players, seed=seed)
    rng = Rng(seed)
    states = []
    while not state.is_over:
        actions = state.legal_actions()
        if len(actions) > 1:
            states.append(state.clone())
        state.apply(actions[rng.below(len(actions))])
    step = max(1, len(states) // count)
    return states[::step][:count]


def measure(states: list[State], iterations: int, **settings: Any) -> tuple[float, float]:
    """Iterations a processor second over all the searches, and mean processor seconds a search."""
    total = 0.0
    for number, state in enumerate(states):
        bot = IsmctsBot(seed=number, iterations=iterations, **settings)
        start = time.process_time()
        bot.search(state)
        total += time.process_time() - start
    return iterations * len(states) / total, total / len(states)


def hearts_positions(count: int, seed: int = 1) -> list[Any]:
    """``count`` OpenSpiel Hearts states spread over the play of one random deal.

    The passing phase is left out: OpenSpiel's ISMCTS crashes (segmentation fault) when it
    searches there, in open_spiel 2.0.2.
    """
    import pyspiel  # type: ignore[import-not-found]

    state = pyspiel.load_game("hearts").new_initial_state()
    rng = Rng(seed)
    states = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.below(len(outcomes))][0])
            continue
        actions = state.legal_actions()
        # The state's text lists tricks once play has begun.
        if len(actions) > 1 and "Tricks:" in str(state):
            states.append(state.clone())
        state.apply_action(actions[rng.below(len(actions))])
    step = max(1, len(states) // count)
    return states[::step][:count]


def openspiel_rate(states: list[Any], iterations: int, seed: int) -> float:
    """OpenSpiel's C++ ISMCTS iterations a processor second over searches from ``states``."""
    import pyspiel

    total = 0.0
    for number, state in enumerate(states):
        # Keep the evaluator referenced while the bot lives: the bot does not own it.
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed + number)
        bot = pyspiel.ISMCTSBot(
            seed + number,
            evaluator,
            0.7,
            iterations,
            -1,
            pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
            False,
            True,
        )
        start = time.process_time()
        bot.step(state)
        total += time.process_time() - start
    return iterations * len(states) / total


def against_openspiel(rounds: int, iterations: int, count: int) -> None:
    """Fearless search beside OpenSpiel's C++ ISMCTS on Hearts, in turns; print the ratios."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no comparison")
        return
    ours = positions("fearless", 4, count)
    theirs = hearts_positions(count)
    subjects: dict[str, Any] = {
        f"parlour ISMCTS, Fearless 4p, random playouts cut at {CUT}": lambda r: measure(
            ours, iterations, rollout_depth=CUT
        )[0],
        f"parlour ISMCTS batched (batch={BATCH}), same": lambda r: measure(
            ours, iterations, rollout_depth=CUT, batch=BATCH
        )[0],
        f"parlour ISMCTS batched (batch={SMALL_BATCH}), same": lambda r: measure(
            ours, iterations, rollout_depth=CUT, batch=SMALL_BATCH
        )[0],
        "OpenSpiel C++ ISMCTS, Hearts, random rollouts to the end": lambda r: openspiel_rate(
            theirs, iterations, r
        ),
    }
    load_before = os.getloadavg()[0]
    best: dict[str, float] = {}
    for number in range(1, rounds + 1):
        print(f"round {number} of {rounds} ...", flush=True)
        for label, run in subjects.items():
            best[label] = max(best.get(label, 0.0), run(number))
    print()
    print(f"load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after")
    print("| search | iterations a processor second (best of rounds) |")
    print("|---|---|")
    for label, rate in best.items():
        print(f"| {label} | {rate:,.0f} |")
    hearts = best["OpenSpiel C++ ISMCTS, Hearts, random rollouts to the end"]
    one, batched, small = list(best.values())[:3]
    verdict = "met" if batched / hearts >= HEARTS_RATIO_TARGET else "NOT met"
    print(
        f"\nAgainst OpenSpiel's C++ ISMCTS on Hearts in this run: one by one x{one / hearts:.2f}, "
        f"batched x{batched / hearts:.2f} (target x{HEARTS_RATIO_TARGET}: {verdict}), "
        f"batch={SMALL_BATCH} x{small / hearts:.2f}"
    )


def main() -> None:
    """Print the table, then the comparison with OpenSpiel."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12, help="positions a game")
    parser.add_argument("--iterations", type=int, default=1000, help="iterations a search")
    parser.add_argument("--rounds", type=int, default=3, help="turns against OpenSpiel")
    parser.add_argument(
        "--compare-positions", type=int, default=6, help="positions a game against OpenSpiel"
    )
    parser.add_argument("--no-table", action="store_true", help="only the OpenSpiel comparison")
    args = parser.parse_args()
    if args.no_table:
        against_openspiel(args.rounds, COMPARE_ITERATIONS, args.compare_positions)
        return
    table = Table(title=f"ISMCTS, {args.iterations} iterations a decision")
    for name in ("game", "players", "playouts", "iterations/s", "s/decision", "target"):
        table.add_column(name, justify="left" if name in ("game", "playouts") else "right")
    for game in parlour.game_names():
        spec = parlour.load(game)
        hard = {k: v for k, v in hard_settings(game).items() if k != "iterations"}
        variants: list[tuple[str, dict[str, Any]]] = [("random, to the end", {})]
        if hard:
            variants.append(("hard: " + ", ".join(f"{k}={v}" for k, v in hard.items()), hard))
        for players in PLAYERS.get(game, (spec.min_players,)):
            states = positions(game, players, args.positions)
            for label, settings in variants:
                rate, seconds = measure(states, args.iterations, **settings)
                target = TARGETS.get((game, players))
                table.add_row(
                    game,
                    str(players),
                    label,
                    f"{rate:,.0f}",
                    f"{seconds:.3f}",
                    "" if target is None else f"≥ {target:,}",
                )
    Console().print(table)
    if args.rounds:
        against_openspiel(args.rounds, COMPARE_ITERATIONS, args.compare_positions)


if __name__ == "__main__":
    main()
