"""Heuristic bots: one module a game, each choosing from the deciding seat's view alone.

A module ``parlour.bots.heuristic.<game>`` defines ``choose(view, rng) -> str`` returning
one of ``view["legal_actions"]``. It may also define ``evaluate(view) -> list[float]``: per
seat, an estimate in ``[0, 1]`` of its share of the win (comparable to ``state.returns()``),
which lets the search cut its rollouts short, and ``clock(state) -> int``: the turns begun so
far (public), so that the search may cut a playout where a turn ends (``rollout_turn``),
and ``measured(view, rng) -> str | None``: the action for a decision better made from
measurements than by search (Fool's Blade: the class, from measured win shares), ``None``
for the others; `hard` plays it without searching. ``view(state, seat)`` may give a cheaper
view for the bots: the same keys and values as ``state.view(seat)``, computed when read
(Fool's Blade: ``views.LazyView``); without it the bots read ``state.view(seat)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from ...core import Action, GameError, Rng, State

__all__ = [
    "Chooser",
    "Clock",
    "Evaluator",
    "HeuristicBot",
    "Measured",
    "Viewer",
    "chooser",
    "clock",
    "evaluator",
    "measured",
    "viewer",
]

Chooser = Callable[[dict[str, Any], Rng], str]
Evaluator = Callable[[dict[str, Any]], list[float]]
Clock = Callable[[State], int]
Measured = Callable[[dict[str, Any], Rng], str | None]
Viewer = Callable[[State, int | None], dict[str, Any]]

_modules: dict[str, ModuleType | None] = {}


def _module(game: str) -> ModuleType | None:
    """The heuristic module of ``game``, or ``None`` when the game has none."""
    if game not in _modules:
        try:
            _modules[game] = importlib.import_module(f"{__name__}.{game}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{game}":
                raise
            _modules[game] = None
    return _modules[game]


def chooser(game: str) -> Chooser:
    """The ``choose`` function of ``game``'s heuristic; ``GameError`` when it has none."""
    module = _module(game)
    if module is None or not hasattr(module, "choose"):
        raise GameError(f"there is no heuristic bot for {game!r} yet")
    choose: Chooser = module.choose
    return choose


def evaluator(game: str) -> Evaluator | None:
    """The ``evaluate`` function of ``game``'s heuristic, or ``None`` when it has none."""
    module = _module(game)
    evaluate: Evaluator | None = getattr(module, "evaluate", None)
    return evaluate


def clock(game: str) -> Clock | None:
    """The ``clock`` function of ``game``'s heuristic, or ``None`` when it has none."""
    found: Clock | None = getattr(_module(game), "clock", None)
    return found


def measured(game: str) -> Measured | None:
    """The ``measured`` function of ``game``'s heuristic, or ``None`` when it has none."""
    found: Measured | None = getattr(_module(game), "measured", None)
    return found


def _full_view(state: State, seat: int | None) -> dict[str, Any]:
    return state.view(seat)


def viewer(game: str) -> Viewer:
    """The ``view`` function of ``game``'s heuristic (what the bots read), else
    ``state.view``."""
    found: Viewer = getattr(_module(game), "view", _full_view)
    return found


class HeuristicBot:
    """Plays the game's heuristic from the deciding seat's view."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        """The heuristic's action for ``state.current_player``, read from that seat's view."""
        game = state.game.name
        view = viewer(game)(state, state.current_player)
        text = chooser(game)(view, self.rng)
        return state.resolve(text)
