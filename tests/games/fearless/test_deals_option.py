"""The ``deals`` option fixes every round's hands, so another engine's games can be replayed."""

from __future__ import annotations

import pytest

import parlour
from parlour.core import GameError, Rng

GAME = parlour.load("fearless")


def _hands(players: int, seed: int) -> list[list[str]]:
    state = GAME.new_game(players, seed=seed)
    return [state.view(seat)["hand"] for seat in range(players)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_round_is_dealt_from_the_option(players: int) -> None:
    # One deck turned a seat further each round (with 3 players every round must lack
    # the same suit, so the rounds share a deck).
    first = _hands(players, 1)
    deals = [first[r:] + first[:r] for r in range(players)]
    state = GAME.new_game(players, seed=7, deals=deals)
    rng = Rng(2)
    while not state.is_over:
        view = state.view(0)
        if view["trick_number"] == 1 and not view["trick"]:
            for seat in range(players):
                assert sorted(state.view(seat)["hand"]) == sorted(deals[view["round"] - 1][seat])
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    assert state.record()["options"]["deals"] == deals


def test_bad_deals_are_refused() -> None:
    deals = [_hands(4, seed) for seed in range(4)]
    with pytest.raises(GameError, match="one deal per round"):
        GAME.new_game(4, deals=deals[:3])
    with pytest.raises(GameError, match="round 2"):
        GAME.new_game(4, deals=[deals[0], deals[1][:3], deals[2], deals[3]])
    with pytest.raises(GameError, match="not both"):
        GAME.new_game(4, deals=deals, hands=deals[0])


def test_three_players_keep_one_removed_suit() -> None:
    by_suit: dict[frozenset[str], list[list[str]]] = {}
    seed = 0
    while len(by_suit) < 2:
        hands = _hands(3, seed)
        by_suit.setdefault(frozenset(c[:-2] for h in hands for c in h if c != "zero"), hands)
        seed += 1
    one, other = by_suit.values()
    with pytest.raises(GameError, match="same removed suit"):
        GAME.new_game(3, deals=[one, other, one])
