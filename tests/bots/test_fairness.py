"""Every bot, in every game, chooses the same in two states that look the same to its seat."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour import bots
from parlour.core import Rng, State

# Small search budgets and playouts cut short: the property does not depend on the budget,
# only on its being fixed (playouts to the end of a 6-player Fool's Blade take a minute).
SETTINGS: dict[str, dict[str, Any]] = {
    "ismcts": {"iterations": 60, "rollout_depth": 30},
    "hard": {"iterations": 60},
}
POINTS = (0, 3, 17, 40, 90)  # decisions into a game, wherever the game is still going
PLAYERS = {"citadels": (2, 4), "fearless": (3, 4, 5)}


def positions(game: str, players: int, seed: int) -> list[State]:
    """States at several points of one random game."""
    state = parlour.load(game).new_game(players, seed=seed)
    rng = Rng(seed)
    out = []
    for step in range(max(POINTS) + 1):
        if state.is_over:
            break
        if step in POINTS:
            out.append(state.clone())
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    return out


def cases() -> list[tuple[str, int]]:
    """Each registered game at the player counts worth checking."""
    out = []
    for game in parlour.game_names():
        spec = parlour.load(game)
        counts = PLAYERS.get(game, (spec.min_players, spec.max_players))
        out.extend((game, n) for n in counts if spec.min_players <= n <= spec.max_players)
    return out


@pytest.mark.parametrize("bot", bots.names())
@pytest.mark.parametrize(("game", "players"), cases())
def test_equal_views_give_equal_choices(game: str, players: int, bot: str) -> None:
    for number, state in enumerate(positions(game, players, seed=11)):
        seat = state.current_player
        twins = [state.determinize(seat, seed) for seed in (101, 202)]
        for twin in twins:
            assert twin.view(seat) == state.view(seat)
        chosen = {
            bots.make(bot, seed=number, **SETTINGS.get(bot, {})).choose(s).text
            for s in (state, *twins)
        }
        assert len(chosen) == 1, f"{bot} chose {chosen} at point {number}"
        assert chosen.pop() in {a.text for a in state.legal_actions()}
