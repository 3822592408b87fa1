"""Difficulty levels a player picks by name: ``easy``, ``medium`` and ``hard``."""

from __future__ import annotations

from typing import Any

from ..core import Action, GameError, Rng, State, load
from .heuristic import HeuristicBot, measured, viewer
from .ismcts import IsmctsBot

__all__ = ["HARD_DEFAULT", "EasyBot", "HardBot", "MediumBot", "hard_settings"]

# The search settings of ``hard`` for a game that declares none (``Game.search``). A game's
# own are a fixed iteration budget (so a game with bots replays exactly) sized to answer in
# about a second on the reference 2-core machine, as measured by benchmarks/search.py.
# Playouts cut short and scored by the game heuristic's ``evaluate`` played stronger than
# playouts to the end at equal iterations, and are several times faster (docs/bots.md).
HARD_DEFAULT: dict[str, Any] = {"iterations": 1000}


def hard_settings(game: str) -> dict[str, Any]:
    """The search settings of ``hard`` for a game: its declared ``search``, else the default."""
    return dict(load(game).search or HARD_DEFAULT)


class EasyBot:
    """Plays the heuristic's move, except a random legal move a ``blunder`` share of the time."""

    name = "easy"

    def __init__(self, seed: int = 0, blunder: float = 0.5) -> None:
        if not 0.0 <= blunder <= 1.0:
            raise GameError(f"blunder must be from 0 to 1, not {blunder}")
        self.rng = Rng(seed)
        self.blunder = blunder
        self.heuristic = HeuristicBot(seed=self.rng.next64())

    def choose(self, state: State) -> Action:
        """A random legal action with probability ``blunder``, else the heuristic's."""
        if self.rng.random() < self.blunder:
            return self.rng.choice(state.legal_actions())
        return self.heuristic.choose(state)


class MediumBot(HeuristicBot):
    """The game's heuristic under the level's name."""

    name = "medium"


class HardBot:
    """ISMCTS with the game's ``hard`` settings (``hard_settings``); ``settings`` override them.

    ``measured`` (default on) takes the choices the game heuristic makes from measurements
    (its ``measured``: Fool's Blade's class) without search; ``prefer`` is an action text
    played whenever it is legal (``choose brawler``: a class given to measure it).
    """

    name = "hard"
    settings_of = IsmctsBot  # the settings it takes beyond its own are the search's

    def __init__(
        self, seed: int = 0, measured: bool = True, prefer: str = "", **settings: Any
    ) -> None:
        self.seed = seed
        self.measured = measured
        self.prefer = prefer
        self.settings = settings
        self.rng = Rng(seed)
        self._searchers: dict[str, IsmctsBot] = {}
        # Fail now, not at the first move, on a setting the search does not take.
        IsmctsBot(seed=seed, **{**HARD_DEFAULT, **settings})

    def choose(self, state: State) -> Action:
        """The preferred action when legal, else the measured choice when the heuristic makes
        one, else the search's action with the settings of ``state``'s game."""
        game = state.game.name
        legal = state.legal_actions()
        if len(legal) > 1:
            for action in legal:
                if action.text == self.prefer:
                    return action
            choice = measured(game) if self.measured else None
            if choice is not None:
                text = choice(viewer(game)(state, state.current_player), self.rng)
                if text is not None:
                    return state.resolve(text)
        searcher = self._searchers.get(game)
        if searcher is None:
            config = {**hard_settings(game), **self.settings}
            searcher = self._searchers[game] = IsmctsBot(seed=self.seed, **config)
        return searcher.choose(state)
