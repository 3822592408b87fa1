"""Helpers for the analysis tests: finished games played quickly by bots, and a position
where one move clearly loses."""

from __future__ import annotations

from typing import Any

import parlour
from parlour import bots
from parlour.core import State
from parlour.games.fearless.scenario import end_round_with


def finished(game: str, players: int, seed: int = 1, bot: str = "heuristic") -> State:
    """A whole game played by ``bot`` at every seat."""
    state = parlour.load(game).new_game(players, seed=seed)
    seats = [bots.make(bot, seed=seed * 10 + s) for s in range(players)]
    while not state.is_over:
        assert state.current_player is not None
        state.apply(seats[state.current_player].choose(state))
    return state


def record_of(game: str, players: int, seed: int = 1) -> dict[str, Any]:
    """The record of ``finished(game, players, seed)``."""
    return finished(game, players, seed).record()


def fearless_endgame() -> State:
    """Fearless, 3 players, the last round, trick 12 of 13: Player 0 leads holding
    orange+4 and green+4 (ghost at +7, fear 10), Player 1 (fear 12, ghost at -20) holds
    blue-2 and green-4, Player 2 (fear 12, ghost at 0) holds orange+6 and orange+5.

    Leading orange+4 makes Player 2 follow orange and take the trick, so Player 2's ghost
    moves far off 0 and Player 0 wins; leading green+4 makes Player 1 follow with green-4
    while Player 2 sheds an orange, so Player 0 takes a trick worth +5 or +6 and loses.
    """
    state = parlour.load("fearless").new_game(3, seed=2)
    end_round_with(state, [0, 0, 0], fear=[10, 12, 12], round_number=2)
    heuristic = bots.make("heuristic", seed=2)
    while not (state.current_player == 0 and len(state.view(0)["hand"]) == 2):
        state.apply(heuristic.choose(state))
    return state
