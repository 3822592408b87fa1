"""ISMCTS speed for every game: iterations a second, and seconds a decision at 1,000 iterations.

Run: ``.venv/bin/python benchmarks/search.py [--positions N] [--iterations N]``. The search
runs from positions spread evenly over one random game (decisions with a real choice only),
so early positions with long playouts and late ones with short playouts both count.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from rich.console import Console
from rich.table import Table

import parlour
from parlour.bots.ismcts import IsmctsBot
from parlour.bots.levels import HARD_DEFAULT, HARD_SEARCH
from parlour.core import Rng, State

# Target from issue 4: Fearless, 4 players, random rollouts (OpenSpiel's Python ISMCTS on
# Hearts: about 4,300 a second here; its C++ one about 58,000).
TARGETS = {("fearless", 4): 13_000}
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
    """Iterations a second over all the searches, and mean seconds a search."""
    total = 0.0
    for number, state in enumerate(states):
        bot = IsmctsBot(seed=number, iterations=iterations, **settings)
        start = time.perf_counter()
        bot.search(state)
        total += time.perf_counter() - start
    return iterations * len(states) / total, total / len(states)


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12, help="positions a game")
    parser.add_argument("--iterations", type=int, default=1000, help="iterations a search")
    args = parser.parse_args()
    table = Table(title=f"ISMCTS, {args.iterations} iterations a decision")
    for name in ("game", "players", "playouts", "iterations/s", "s/decision", "target"):
        table.add_column(name, justify="left" if name in ("game", "playouts") else "right")
    for game in parlour.game_names():
        spec = parlour.load(game)
        hard = {k: v for k, v in HARD_SEARCH.get(game, HARD_DEFAULT).items() if k != "iterations"}
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


if __name__ == "__main__":
    main()
