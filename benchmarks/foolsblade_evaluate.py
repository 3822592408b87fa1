"""Fit the Fool's Blade leaf estimate (``parlour.bots.heuristic.foolsblade.evaluate``) to play.

Run ``.venv/bin/python benchmarks/foolsblade_evaluate.py --games 300``. Plays that many
four-player games of `medium` bots (seeds 1000 on), takes the spectator's view at the start
of every turn once the classes are chosen, and fits the weights and temperature of
``evaluate``'s softmax by the likelihood of the seat that went on to win (Nelder-Mead on the
mean log loss, a shared win split). Printed: the log loss of a uniform guess, of ``evaluate``
as it stands, and of the fitted weights, overall and by the share of the game still to come,
then the weights to put in ``EVALUATE_WEIGHTS`` and ``EVALUATE_TEMPERATURE``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import numpy as np

import parlour
from parlour import bots
from parlour.bots.heuristic import foolsblade as fb


def snapshots(games: int, players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per turn start: the share still to come, each seat's features, the winners, and the
    current ``evaluate``."""
    to_come: list[float] = []
    rows: list[list[tuple[float, ...]]] = []
    won: list[list[float]] = []
    current: list[list[float]] = []
    for game in range(games):
        state = parlour.load("foolsblade").new_game(players, seed=1000 + game)
        seats = [bots.make("medium", seed=game * 16 + s) for s in range(players)]
        views: list[dict[str, Any]] = []
        turn = -1
        while not state.is_over:
            view = state.view(None)
            if view["turn"] != turn and view["phase"] == "tavern" and all(view["classes"]):
                turn = view["turn"]
                views.append(view)
            seat = state.current_player
            assert seat is not None
            state.apply(seats[seat].choose(state))
        returns = state.returns()
        for view in views:
            share, features = fb.features(view)
            to_come.append(share)
            rows.append(features)
            won.append(returns)
            current.append(fb.evaluate(view))
    return np.array(to_come), np.array(rows), np.array(won), np.array(current)


def log_loss(p: np.ndarray, won: np.ndarray) -> float:
    """The mean negative log-likelihood of the winners under the estimates ``p``."""
    return float(-np.mean(np.sum(won * np.log(np.clip(p, 1e-9, 1.0)), axis=1)))


def model(params: np.ndarray, to_come: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``evaluate``'s softmax with the weights and temperature in ``params``."""
    *weights, upgrade, cold, warm = params
    share = to_come[:, None]
    estimate = (
        rows[:, :, 0]
        + share * sum(w * rows[:, :, i + 1] for i, w in enumerate(weights))
        + upgrade * rows[:, :, -1]
    )
    z = estimate / (abs(cold) + abs(warm) * share)
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    return np.asarray(p / p.sum(axis=1, keepdims=True))


def nelder_mead(f: Callable[[np.ndarray], float], start: np.ndarray, steps: int) -> np.ndarray:
    """The minimum of ``f`` found by the Nelder-Mead simplex from ``start``."""
    simplex = [start] + [start + np.eye(len(start))[i] * 0.5 for i in range(len(start))]
    values = [f(x) for x in simplex]
    for _ in range(steps):
        order = np.argsort(values)
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        centre = np.mean(simplex[:-1], axis=0)
        reflected = centre + (centre - simplex[-1])
        value = f(reflected)
        if value < values[0]:
            expanded = centre + 2 * (centre - simplex[-1])
            grown = f(expanded)
            simplex[-1], values[-1] = (expanded, grown) if grown < value else (reflected, value)
        elif value < values[-2]:
            simplex[-1], values[-1] = reflected, value
        else:
            contracted = centre + 0.5 * (simplex[-1] - centre)
            shrunk = f(contracted)
            if shrunk < values[-1]:
                simplex[-1], values[-1] = contracted, shrunk
            else:
                simplex = [simplex[0] + 0.5 * (x - simplex[0]) for x in simplex]
                values = [f(x) for x in simplex]
    best: np.ndarray = simplex[int(np.argmin(values))]
    return best


def main() -> None:
    """Collect, fit and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--steps", type=int, default=3000)
    args = parser.parse_args()
    to_come, rows, won, current = snapshots(args.games, args.players)
    start = np.array(
        [*fb.EVALUATE_WEIGHTS, fb.EVALUATE_UPGRADE, *fb.EVALUATE_TEMPERATURE], dtype=float
    )
    fitted = nelder_mead(lambda p: log_loss(model(p, to_come, rows), won), start, args.steps)
    new = model(fitted, to_come, rows)
    uniform = np.full_like(current, 1.0 / args.players)
    print(f"{len(to_come)} turn starts of {args.games} games, {args.players} players")
    print("log loss      all    to come >0.7  0.3-0.7  <0.3")
    for name, p in (("uniform", uniform), ("evaluate", current), ("fitted", new)):
        parts = [log_loss(p, won)]
        for low, high in ((0.7, 1.01), (0.3, 0.7), (0.0, 0.3)):
            mask = (to_come >= low) & (to_come < high)
            parts.append(log_loss(p[mask], won[mask]))
        print(f"{name:10} " + "  ".join(f"{x:7.4f}" for x in parts))
    *weights, upgrade, cold, warm = fitted
    print("EVALUATE_WEIGHTS =", tuple(round(float(w), 2) for w in weights))
    print("EVALUATE_UPGRADE =", round(float(upgrade), 2))
    print("EVALUATE_TEMPERATURE =", (round(abs(float(cold)), 2), round(abs(float(warm)), 1)))


if __name__ == "__main__":
    main()
